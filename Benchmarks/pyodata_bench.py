"""Times pyodata's metadata parsing on the given files: median of repeated
pyodata.v2.model.MetadataBuilder(xml, config).build() calls, wall clock and thread CPU time.

Prints one line per file: name, bytes, wall ms, cpu ms, config (tab-separated), like metadata-bench --tsv.
With `--serve FILE` it parses FILE twice, prints "ready", and then parses it once for every line it reads,
printing that parse's wall and thread CPU seconds (tab-separated), so that a caller can pair each of its own
measurements with one of pyodata's taken in the same seconds.
pyodata runs with its default configuration; a document that this rejects is timed again with
every error policy set to ignore (config "ignore"), as pyodata's users do for such services.
"""
import statistics
import sys
import time

import pyodata.v2.model as model
from pyodata.v2.model import PolicyIgnore


def median_times(xml, config, budget=0.5):
    for _ in range(2):
        model.MetadataBuilder(xml, config=config).build()
    wall, cpu = [], []
    start = time.perf_counter()
    while len(wall) < 9 or (time.perf_counter() - start < budget and len(wall) < 500):
        cpu_before = time.thread_time()
        before = time.perf_counter()
        model.MetadataBuilder(xml, config=config).build()
        wall.append(time.perf_counter() - before)
        cpu.append(time.thread_time() - cpu_before)
    return statistics.median(wall), statistics.median(cpu)


def serve(path):
    with open(path, "rb") as handle:
        xml = handle.read()
    config = model.Config()
    try:
        model.MetadataBuilder(xml, config=config).build()
    except Exception:  # as above: the configuration pyodata's users take for such a document
        config = model.Config(default_error_policy=PolicyIgnore())
    model.MetadataBuilder(xml, config=config).build()
    print("ready", flush=True)
    for _ in sys.stdin:
        cpu_before = time.thread_time()
        before = time.perf_counter()
        model.MetadataBuilder(xml, config=config).build()
        wall = time.perf_counter() - before
        print(f"{wall}\t{time.thread_time() - cpu_before}", flush=True)


if len(sys.argv) == 3 and sys.argv[1] == "--serve":
    serve(sys.argv[2])
    sys.exit(0)

for path in sys.argv[1:]:
    with open(path, "rb") as handle:
        xml = handle.read()
    name = path.rsplit('/', 1)[-1]
    result = None
    for label, config in (("default", model.Config()), ("ignore", model.Config(default_error_policy=PolicyIgnore()))):
        try:
            wall, cpu = median_times(xml, config)
            result = f"{name}\t{len(xml)}\t{wall * 1000}\t{cpu * 1000}\t{label}"
            break
        except Exception as error:  # pyodata cannot read every document; say so and go on
            result = f"{name}\t{len(xml)}\tfailed: {type(error).__name__}: {str(error)[:80]}"
    print(result, flush=True)
