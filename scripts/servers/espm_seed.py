"""Deterministic seed data for every ESPM entity set.

The same seed always gives the same rows, so integration tests can assert
on exact values. Sizes are chosen so that SalesOrderHeaders (150 rows) and
SalesOrderItems exceed the default page size and page on their own.
"""

import datetime
import decimal
import random

COUNTRIES = ["DE", "US", "FR", "GB", "IN", "JP", "BR", "CA"]
CITIES = ["Walldorf", "Palo Alto", "Paris", "London", "Bangalore", "Tokyo",
          "Sao Paulo", "Toronto"]
FIRST = ["Anna", "Ben", "Chloé", "David", "Emma", "Farid", "Greta", "Hiro",
         "Ines", "Jonas", "Kara", "Liam"]
LAST = ["Müller", "Smith", "Dubois", "Jones", "Iyer", "Tanaka", "Silva",
        "Brown", "Weber", "Garcia"]
STREETS = ["Hauptstraße", "Main Street", "Rue de Rivoli", "Baker Street",
           "MG Road", "Ginza", "Avenida Paulista", "Queen Street"]
CATEGORIES = [
    ("Notebooks", "Notebooks", "Computer Systems"),
    ("Tablets", "Tablets", "Computer Systems"),
    ("Smartphones", "Smartphones", "Computer Systems"),
    ("Printers", "Printers", "Computer Components"),
    ("Keyboards", "Keyboards", "Computer Components"),
    ("Mice", "Mice", "Computer Components"),
    ("Software", "Software", "Software"),
    ("Tools & 'Co' #1 %/+ Ünï", "Hostile name", "Special"),
]
STATUS = [("N", "New"), ("P", "In Process"), ("C", "Completed"),
          ("X", "Cancelled")]

BASE_TS = datetime.datetime(2024, 1, 15, 9, 30, 0)

SIZES = {"customers": 60, "suppliers": 12, "products": 48,
         "purchase_orders": 20, "sales_orders": 150}


def _dec(rng, lo, hi, scale=2):
    q = decimal.Decimal(1).scaleb(-scale)
    v = decimal.Decimal(str(rng.uniform(lo, hi)))
    return v.quantize(q)


def _set(entity, values):
    for name, value in values.items():
        if isinstance(value, dict):
            for sub, sv in value.items():
                entity[name][sub].set_from_value(sv)
        else:
            entity[name].set_from_value(value)


def _address(rng, i):
    city_ix = i % len(CITIES)
    return {
        "HouseNumber": str(rng.randint(1, 200)),
        "Street": STREETS[city_ix],
        "City": CITIES[city_ix],
        "Country": COUNTRIES[city_ix],
        "PostalCode": "%05d" % rng.randint(1000, 99999),
    }


def seed(container, seed_value=42):
    """Inserts the seed rows into a freshly created, empty container."""
    rng = random.Random(seed_value)
    sets = dict((es.name, es) for es in container.EntitySet)

    customers = []
    with sets["Customers"].open() as coll:
        for i in range(SIZES["customers"]):
            e = coll.new_entity()
            addr = _address(rng, i)
            first = FIRST[i % len(FIRST)]
            last = LAST[(i * 7) % len(LAST)]
            if i == 13:
                last = "O'Brien & Söhne #1 %+/"
            _set(e, {
                "CustomerId": "C%06d" % (i + 1),
                "FirstName": first, "LastName": last,
                "EmailAddress": "%s.%d@example.com" % (first.lower(), i + 1),
                "PhoneNumber": "+49 6227 %06d" % rng.randint(0, 999999),
                "DateOfBirth": datetime.datetime(
                    1950 + (i * 3) % 50, 1 + i % 12, 1 + (i * 5) % 28),
                "City": addr["City"], "Country": addr["Country"],
                "Street": addr["Street"], "HouseNumber": addr["HouseNumber"],
                "PostalCode": addr["PostalCode"], "Address": addr,
                "UpdatedTimestamp": BASE_TS + datetime.timedelta(hours=i),
            })
            coll.insert_entity(e)
            customers.append(e)

    suppliers = []
    with sets["Suppliers"].open() as coll:
        for i in range(SIZES["suppliers"]):
            e = coll.new_entity()
            addr = _address(rng, i + 3)
            _set(e, {
                "SupplierId": "S%06d" % (i + 1),
                "SupplierName": "Supplier %d %s" % (i + 1, LAST[i % 10]),
                "EmailAddress": "sales%d@supplier.example.com" % (i + 1),
                "PhoneNumber": "+1 650 %07d" % rng.randint(0, 9999999),
                "City": addr["City"], "Country": addr["Country"],
                "Street": addr["Street"], "HouseNumber": addr["HouseNumber"],
                "PostalCode": addr["PostalCode"], "Address": addr,
                "UpdatedTimestamp": BASE_TS + datetime.timedelta(days=i),
            })
            coll.insert_entity(e)
            suppliers.append(e)

    counts = [0] * len(CATEGORIES)
    for i in range(SIZES["products"]):
        counts[i % (len(CATEGORIES) - 1)] += 1
    with sets["ProductCategories"].open() as coll:
        for i, (cat, name, main) in enumerate(CATEGORIES):
            e = coll.new_entity()
            _set(e, {
                "Category": cat, "CategoryName": name,
                "MainCategory": main, "MainCategoryName": main,
                "NumberOfProducts": counts[i],
                "UpdatedTimestamp": BASE_TS + datetime.timedelta(minutes=i),
            })
            coll.insert_entity(e)

    products = []
    stock_set = sets["Stock"]
    with sets["Products"].open() as coll, stock_set.open() as stock_coll:
        for i in range(SIZES["products"]):
            cat, cat_name, _ = CATEGORIES[i % (len(CATEGORIES) - 1)]
            pid = "HT-%04d" % (1000 + i)
            e = coll.new_entity()
            _set(e, {
                "ProductId": pid, "Category": cat, "CategoryName": cat_name,
                "CurrencyCode": "EUR" if i % 3 else "USD",
                "DimensionDepth": _dec(rng, 1, 50, 4),
                "DimensionHeight": _dec(rng, 1, 50, 4),
                "DimensionWidth": _dec(rng, 1, 50, 4),
                "DimensionUnit": "cm",
                "Name": "%s %d" % (cat_name.rstrip("s"), i + 1),
                "ShortDescription": "Short text of product %d" % (i + 1),
                "LongDescription": "Long description of product %d" % (i + 1),
                "PictureUrl": "/images/%s.jpg" % pid,
                "Price": _dec(rng, 5, 3000, 3),
                "QuantityUnit": "EA",
                "SupplierId": suppliers[i % len(suppliers)]["SupplierId"].value,
                "Weight": _dec(rng, 0.1, 20, 3), "WeightUnit": "KG",
                "UpdatedTimestamp": BASE_TS + datetime.timedelta(minutes=i),
            })
            e["SupplierDetails"].bind_entity(suppliers[i % len(suppliers)])
            s = stock_coll.new_entity()
            quantity = decimal.Decimal(rng.randint(0, 500))
            _set(s, {
                "ProductId": pid, "LotSize": decimal.Decimal(10),
                "MinStock": decimal.Decimal(50), "Quantity": quantity,
                "QuantityLessMin": quantity < 50,
                "UpdatedTimestamp": BASE_TS + datetime.timedelta(minutes=i),
            })
            e["StockDetails"].bind_entity(s)
            coll.insert_entity(e)
            products.append(e)

    with sets["ProductTexts"].open() as coll:
        n = 1
        for p in products:
            for lang in ("EN", "DE"):
                e = coll.new_entity()
                _set(e, {
                    "Id": n, "Language": lang,
                    "ProductId": p["ProductId"].value,
                    "Name": "%s (%s)" % (p["Name"].value, lang),
                    "ShortDescription": p["ShortDescription"].value,
                    "LongDescription": p["LongDescription"].value,
                })
                coll.insert_entity(e)
                n += 1

    _orders(sets, rng, "PurchaseOrder", SIZES["purchase_orders"], suppliers,
            products, 0)
    _orders(sets, rng, "SalesOrder", SIZES["sales_orders"], customers,
            products, 0)


def _orders(sets, rng, kind, count, partners, products, start):
    """Inserts `count` purchase or sales orders with 1-4 items each."""
    header_set = sets[kind + "Headers"]
    item_set = sets[kind + "Items"]
    sales = kind == "SalesOrder"
    with header_set.open() as hcoll, item_set.open() as icoll:
        for i in range(start, start + count):
            oid = ("%d" % (500000000 + i + 1)) if sales else \
                ("%d" % (300000000 + i + 1))
            partner = partners[(i * 7) % len(partners)]
            h = hcoll.new_entity()
            net = decimal.Decimal(0)
            items = []
            for n in range(1 + rng.randint(0, 3)):
                p = products[rng.randrange(len(products))]
                qty = decimal.Decimal(rng.randint(1, 20))
                item_net = (p["Price"].value * qty).quantize(
                    decimal.Decimal("0.001"))
                it = icoll.new_entity()
                values = {
                    "ItemNumber": (n + 1) * 10, kind + "Id": oid,
                    "ProductId": p["ProductId"].value,
                    "CurrencyCode": "EUR", "Quantity": qty,
                    "QuantityUnit": "EA", "NetAmount": item_net,
                    "TaxAmount": (item_net * decimal.Decimal("0.19")).quantize(
                        decimal.Decimal("0.001")),
                }
                values["GrossAmount"] = values["NetAmount"] + \
                    values["TaxAmount"]
                if sales:
                    values["DeliveryDate"] = BASE_TS + \
                        datetime.timedelta(days=10 + i)
                _set(it, values)
                it["ProductDetails"].bind_entity(p)
                items.append(it)
                net += item_net
            tax = (net * decimal.Decimal("0.19")).quantize(
                decimal.Decimal("0.001"))
            values = {
                kind + "Id": oid, "CurrencyCode": "EUR", "NetAmount": net,
                "TaxAmount": tax, "GrossAmount": net + tax,
            }
            if sales:
                status, status_name = STATUS[i % len(STATUS)]
                values.update({
                    "CustomerId": partner["CustomerId"].value,
                    "CreatedAt": BASE_TS + datetime.timedelta(days=i),
                    "LifeCycleStatus": status,
                    "LifeCycleStatusName": status_name})
                h["CustomerDetails"].bind_entity(partner)
            else:
                values["SupplierId"] = partner["SupplierId"].value
                h["SupplierDetails"].bind_entity(partner)
            _set(h, values)
            for it in items:
                h["Items"].bind_entity(it)
            hcoll.insert_entity(h)


def add_orders(container, kind, count, seed_value):
    """Appends `count` more orders (for the Generate* function imports)."""
    rng = random.Random(seed_value)
    sets = dict((es.name, es) for es in container.EntitySet)
    partner_set = "Customers" if kind == "SalesOrder" else "Suppliers"
    with sets[partner_set].open() as coll:
        partners = list(coll.itervalues())
    with sets["Products"].open() as coll:
        products = list(coll.itervalues())
    base = 500000000 if kind == "SalesOrder" else 300000000
    start = 0
    with sets[kind + "Headers"].open() as coll:
        for key in coll.iterkeys():
            if key.isdigit() and int(key) - base > start:
                start = int(key) - base
    _orders(sets, rng, kind, count, partners, products, start)
