"""Compares `odata-gen inspect --json` with pyodata's model of the same documents (an independent
reading): entity types, keys, property names and types, navigation targets and multiplicities,
function imports. pyodata does not apply BaseType inheritance, so derived types differ in their keys.
Usage: python crosscheck_pyodata.py <odata-gen binary> <files...>
"""
import json
import subprocess
import sys

import pyodata.v2.model as model
from pyodata.v2.model import PolicyIgnore
binary = sys.argv[1]
for path in sys.argv[2:]:
    ours = json.loads(subprocess.run([binary,'inspect',path,'--json'],capture_output=True,text=True).stdout)
    xml = open(path,'rb').read()
    try:
        schema = model.MetadataBuilder(xml, config=model.Config(default_error_policy=PolicyIgnore())).build()
    except Exception as e:
        print(path, 'pyodata failed', e); continue
    mism = []
    ot = {t['name']: t for s in ours['schemas'] for t in s['entityTypes']}
    for et in schema.entity_types:
        q = et.name
        t = ot.get(q)
        if t is None: mism.append(('missing type', q)); continue
        if [p.name for p in et.key_proprties] != t['key']: mism.append(('key', q, [p.name for p in et.key_proprties], t['key']))
        theirs = {p.name: p.typ.name for p in et.proprties()}
        mine = {p['name']: p['type'] for p in t['properties']}
        for n, ty in theirs.items():
            if n not in mine: mism.append(('prop missing', q, n))
            elif not (mine[n] == ty or mine[n].endswith('.' + ty.split('.')[-1])): mism.append(('prop type', q, n, ty, mine[n]))
        navs = {n['name']: n for n in t['navigationProperties']}
        for np in et.nav_proprties:
            m = navs.get(np.name)
            if m is None: mism.append(('nav missing', q, np.name)); continue
            tgt = np.to_role.entity_type
            if m['targetType'].split('.')[-1] != tgt.name: mism.append(('nav target', q, np.name, m['targetType']))
            if m['multiplicity'] != np.to_role.multiplicity: mism.append(('nav mult', q, np.name, np.to_role.multiplicity, m['multiplicity']))
    if len(ot) != len(list(schema.entity_types)): mism.append(('type count', len(ot), len(list(schema.entity_types))))
    ofi = {f['name']: f for s in ours['schemas'] for c in s['entityContainers'] for f in c['functionImports']}
    for fi in schema.function_imports:
        m = ofi.get(fi.name)
        if m is None: mism.append(('fi missing', fi.name)); continue
        if m['httpMethod'] and m['httpMethod'] != fi.http_method: mism.append(('fi method', fi.name, fi.http_method, m['httpMethod']))
        if sorted(p['name'] for p in m['parameters']) != sorted(p.name for p in fi.parameters): mism.append(('fi params', fi.name))
    print(path.split('/')[-1], 'OK' if not mism else mism[:5])
