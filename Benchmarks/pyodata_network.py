"""pyodata 1.12.1 on the same requests as transport-bench: one-entity and 100-entity page GETs,
sequential and with 8 threads. Prints lines in transport-bench's format.

    python pyodata_network.py <service-root> [requests] [runs] [big-root]

With big-root (transport-bench.sh), it also times reading the whole Items set there (the
50,000-entity page) once per run, printed as shape "big" with one request, and again with every
property of every entity read once ("pyodata-rd", beside transport-bench's typed variants).
"""
import sys
import threading
import time

import pyodata
import requests

root = sys.argv[1]
total = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 3
big_root = sys.argv[4] if len(sys.argv) > 4 else None
local = threading.local()


def service():
    if not hasattr(local, "service"):
        session = requests.Session()
        local.service = pyodata.Client(root, session)
    return local.service


def single():
    return service().entity_sets.Customers.get_entity(CustomerId="C000001").execute()


def page():
    return service().entity_sets.SalesOrderItems.get_entities().top(100).execute()


def measure(shape, operation, concurrency):
    best = float("inf")
    for _ in range(runs):
        shares = [total // concurrency + (1 if i < total % concurrency else 0) for i in range(concurrency)]

        def work(n):
            for _ in range(n):
                operation()
        threads = [threading.Thread(target=work, args=(n,)) for n in shares]
        start = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        best = min(best, time.perf_counter() - start)
    print("%-9s %-6s %2d %6d %9.4f %9.0f" % ("pyodata", shape, concurrency, total, best, total / best))
    sys.stdout.flush()


for concurrency in (1, 8) if total > 0 else ():  # requests 0: the big page only
    if concurrency == 1:
        for _ in range(20):
            single()
    measure("single", single, concurrency)
    measure("page", page, concurrency)

if big_root:
    big = pyodata.Client(big_root, requests.Session())
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        count = len(big.entity_sets.Items.get_entities().execute())
        best = min(best, time.perf_counter() - start)
    assert count == 50000, count
    print("%-9s %-6s %2d %6d %9.4f %9.1f" % ("pyodata", "big", 1, 1, best, 1 / best))
    sys.stdout.flush()
    # the same, then every property of every entity read once (what typed-curl and typed-urls do)
    names = [p.name for p in big.schema.entity_type("Item").proprties()]
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        items = big.entity_sets.Items.get_entities().execute()
        checksum = sum(1 for item in items for name in names if getattr(item, name) is not None)
        best = min(best, time.perf_counter() - start)
    assert len(items) == 50000 and checksum > 0, (len(items), checksum)
    print("%-9s %-6s %2d %6d %9.4f %9.1f" % ("pyodata-rd", "big", 1, 1, best, 1 / best))
    sys.stdout.flush()
