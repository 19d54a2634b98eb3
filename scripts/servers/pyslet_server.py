"""Serves Metadata/ESPM.xml with pyslet over SQLite, seeded and patched.

    python -m servers.pyslet_server --metadata Metadata/ESPM.xml \
        --workdir .build/servers/pyslet --port-file .build/servers/pyslet.port

Binds 127.0.0.1 on port 0 (or --port), writes the chosen port to
--port-file once the service answers, and serves until killed.
"""

import io
import logging
import os
import socketserver
import sqlite3
import sys
import threading
from wsgiref import simple_server

from pyslet.odata2 import csdl as edm
from pyslet.odata2 import metadata as edmx
from pyslet.odata2 import server as odata_server
from pyslet.odata2 import sqlds
from pyslet import blockstore

from . import espm_seed, pyslet_patches, serving
from .pyslet_batch import BatchHandler
from .pyslet_wsgi import ODataFixes

STREAM_XML = os.path.join(os.path.dirname(sqlds.__file__), "streamstore.xml")
MEDIA_PRODUCTS = 5


class ThreadingServer(socketserver.ThreadingMixIn,
                      simple_server.WSGIServer):
    daemon_threads = True
    request_queue_size = 128


class Handler(simple_server.WSGIRequestHandler):
    # without it every keep-alive request stalls ~40 ms (Nagle + delayed ACK)
    disable_nagle_algorithm = True

    def log_message(self, fmt, *args):
        if os.environ.get("ODATA_TEST_SERVER_LOG"):
            sys.stderr.write("pyslet: " + (fmt % args) + "\n")


def relax_for_media(text):
    """ESPM's Product needs a Supplier and a Stock row and a SupplierId, so a
    media-resource POST (which carries only the stream and a Slug) can never
    create one. The served model relaxes exactly those three constraints so
    that the OData media-entity flow (POST the stream, then MERGE the
    properties) can be tested; everything else is the file as given."""
    def relax(assoc, role):
        nonlocal text
        start = text.index('<Association Name="%s">' % assoc)
        end = text.index("</Association>", start)
        block = text[start:end]
        old = 'Multiplicity="1" Role="%s"' % role
        if old not in block:
            raise ValueError("cannot relax %s/%s" % (assoc, role))
        text = text[:start] + block.replace(
            old, 'Multiplicity="0..1" Role="%s"' % role) + text[end:]
    relax("Supplier_to_Products", "Supplier")
    relax("Product_to_Stock", "Stock")
    start = text.index('<EntityType Name="Product"')
    end = text.index("</EntityType>", start)
    block = text[start:end].replace(
        '<Property Name="SupplierId" Type="Edm.String" Nullable="false"',
        '<Property Name="SupplierId" Type="Edm.String" Nullable="true"')
    return text[:start] + block + text[end:]


def load_model(path):
    doc = edmx.Document()
    with open(path, "r", encoding="utf-8") as f:
        text = relax_for_media(f.read())
    doc.read(text.encode("utf-8"))
    container = doc.root.DataServices.defaultContainer
    for f in container.FunctionImport:
        for p in f.Parameter:
            # Mode is optional in CSDL (default In); pyslet skips
            # parameters without one, so they never reach the callable
            if p.mode is None:
                p.mode = edm.ParameterMode.In
    return doc, container


def enable_etags(doc):
    """Makes UpdatedTimestamp a concurrency token, so entities that have it
    carry ETags (ESPM itself declares none). Done after seeding, so the
    seeded timestamps stay deterministic."""
    for schema in doc.root.DataServices.Schema:
        for et in schema.EntityType:
            for p in et.Property:
                if p.name == "UpdatedTimestamp":
                    p.concurrencyMode = edm.ConcurrencyMode.Fixed


def open_stream_store(path):
    doc = edmx.Document()
    with open(STREAM_XML, "rb") as f:
        doc.read(f)
    container = doc.root.DataServices["StreamStoreSchema.Container"]
    db = sqlds.SQLiteEntityContainer(file_path=path, container=container)
    return db, container


def build(args):
    os.makedirs(args.workdir, exist_ok=True)
    data_db = os.path.join(args.workdir, "espm.sqlite")
    stream_db = os.path.join(args.workdir, "streams.sqlite")
    for p in (data_db, stream_db):
        for suffix in ("", ".pristine"):
            if os.path.exists(p + suffix):
                os.remove(p + suffix)
    ss_db, ss_container = open_stream_store(stream_db)
    ss_db.create_all_tables()
    store = blockstore.StreamStore(
        blockstore.EDMBlockStore(entity_set=ss_container["Blocks"]),
        blockstore.LockStore(entity_set=ss_container["Locks"]),
        ss_container["Streams"])
    doc, container = load_model(args.metadata)
    db = sqlds.SQLiteEntityContainer(file_path=data_db, container=container,
                                     streamstore=store)
    db.create_all_tables()
    espm_seed.seed(container, args.seed)
    with container["Products"].open() as coll:
        for i, key in enumerate(sorted(coll.iterkeys())[:MEDIA_PRODUCTS]):
            data = ("image of %s\n" % key).encode("utf-8") * (i + 1)
            info = sqlds.core.StreamInfo()
            info.type = sqlds.core.params.MediaType.from_str("image/png")
            coll.update_stream(io.BytesIO(data), key, info)
    for p in (data_db, stream_db):
        _backup(p, p + ".pristine")
    if args.etags:
        enable_etags(doc)
    return doc, container, [(data_db, data_db + ".pristine"),
                            (stream_db, stream_db + ".pristine")]


def _backup(src, dst):
    with sqlite3.connect(src) as a, sqlite3.connect(dst) as b:
        a.backup(b)


def _restore(pairs):
    for live, pristine in pairs:
        con = sqlite3.connect(live, timeout=30, isolation_level=None)
        try:
            con.execute("ATTACH DATABASE ? AS p", (pristine,))
            tables = [r[0] for r in con.execute(
                "SELECT name FROM p.sqlite_master WHERE type='table'")]
            con.execute("BEGIN IMMEDIATE")
            for t in tables:
                con.execute('DELETE FROM main."%s"' % t)
                con.execute('INSERT INTO main."%s" SELECT * FROM p."%s"'
                            % (t, t))
            con.execute("COMMIT")
            con.execute("DETACH DATABASE p")
        finally:
            con.close()


def _bool_result(function, value):
    p_def = edm.Property(None)
    p_def.name = function.name
    p_def.simpleTypeCode = edm.SimpleType.Boolean
    result = edm.EDMValue.from_property(p_def)
    result.set_from_value(value)
    return result


def bind_functions(container, seed, reset):
    lock = threading.Lock()
    counter = [0]

    def generate(kind):
        def run(function, params):
            with lock:
                counter[0] += 1
                espm_seed.add_orders(container, kind, 3, seed + counter[0])
            return _bool_result(function, True)
        return run

    def reset_data(function, params):
        reset()
        return _bool_result(function, True)

    def update_status(function, params):
        order_id = params["id"].value
        status = params["newStatus"].value
        if order_id is None or status is None:
            raise ValueError("id and newStatus are required")
        names = dict(espm_seed.STATUS)
        with container["SalesOrderHeaders"].open() as coll:
            if order_id not in coll:
                return _bool_result(function, False)
            order = coll[order_id]
            order["LifeCycleStatus"].set_from_value(status)
            order["LifeCycleStatusName"].set_from_value(
                names.get(status, status))
            coll.update_entity(order)
        return _bool_result(function, True)

    bindings = {
        "GenerateSamplePurchaseOrders": generate("PurchaseOrder"),
        "GenerateSampleSalesOrders": generate("SalesOrder"),
        "ResetSampleData": reset_data,
        "UpdateSalesOrderStatus": update_status,
    }
    methods = {}
    for f in container.FunctionImport:
        f.bind(bindings[f.name])
        http_method = None
        for (ns, name), value in f.get_attributes().items():
            if name == "HttpMethod":
                http_method = value.upper()
        methods[f.name] = http_method or "GET"
    return methods


def main(argv=None):
    ap = serving.arguments(__doc__)
    ap.add_argument("--metadata", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--topmax", type=int, default=100,
                    help="server page size")
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--etags", action="store_true",
                    help="mark UpdatedTimestamp ConcurrencyMode=Fixed")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.CRITICAL)
    pyslet_patches.apply()

    httpd = simple_server.make_server("127.0.0.1", args.port, None,
                                      server_class=ThreadingServer,
                                      handler_class=Handler)
    port = httpd.server_address[1]
    doc, container, pairs = build(args)
    reset_lock = threading.Lock()

    def reset():
        with reset_lock:
            _restore(pairs)

    root = "http://127.0.0.1:%d/ESPM.svc/" % port
    app = odata_server.Server(service_root=root)
    app.set_model(doc)
    app.topmax = args.topmax
    methods = bind_functions(container, args.seed, reset)
    httpd.set_app(BatchHandler(ODataFixes(app, "/ESPM.svc", methods, reset), "/ESPM.svc"))
    return serving.serve(httpd, args.port_file)


if __name__ == "__main__":
    sys.exit(main())
