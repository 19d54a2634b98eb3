"""Decodes the benchmark's JSON feed the way pyodata's GET handler does (json.loads + EntityProxy per entry).

Usage: python pyodata_decode.py <bench-metadata.xml> <bench.json> [runs]
Prints: pyodata <bytes> <entities> <best_seconds> <MB/s> <entities/s> <maxrss_kb> <best_cpu_seconds> <cpu_MB/s>
"""
import json
import resource
import sys
import time

import pyodata.v2.model as model
import pyodata.v2.service as service


def main():
    metadata_path, payload_path = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    with open(metadata_path, 'rb') as handle:
        schema = model.MetadataBuilder(handle.read()).build()
    svc = service.Service('http://bench.example.com/', schema, None)
    entity_set = schema.entity_set('Items')
    with open(payload_path, 'rb') as handle:
        payload = handle.read()
    best = None
    best_cpu = None
    count = 0
    for _ in range(runs):
        start = time.perf_counter()
        cpu_start = time.thread_time()
        entities = json.loads(payload)['d']
        if isinstance(entities, dict):
            entities = entities['results']
        result = [service.EntityProxy(svc, entity_set, entity_set.entity_type, props) for props in entities]
        # Touch one typed value so that nothing is left lazy.
        _ = result[-1].Price
        elapsed = time.perf_counter() - start
        cpu = time.thread_time() - cpu_start
        best_cpu = cpu if best_cpu is None else min(best_cpu, cpu)
        count = len(result)
        best = elapsed if best is None else min(best, elapsed)
        del result, entities
    megabytes = len(payload) / 1_000_000
    maxrss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print('pyodata', len(payload), count, f'{best:.4f}', f'{best:.4f}', f'{megabytes / best:.1f}', f'{count / best:.0f}', maxrss,
          0, f'{best_cpu:.4f}', f'{megabytes / best_cpu:.1f}')


if __name__ == '__main__':
    main()
