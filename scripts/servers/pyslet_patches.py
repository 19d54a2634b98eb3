"""Monkey-patches for bugs in the released pyslet 0.7.20170805.

Each patch is numbered like the list in the project's test-server notes.
Patches that are easier outside pyslet (request rewriting, If-Match) live
in ``pyslet_wsgi.py``; the ones here replace single functions.
"""

import hashlib
import logging
import re

from pyslet import iso8601 as iso
from pyslet.odata2 import core, sqlds
from pyslet.odata2 import csdl as edm
from pyslet.py2 import dict_items, to_text

_ASP_DATE = re.compile(r"^/Date\((-?\d+)(?:([+-])(\d+))?\)/$")


def parse_asp_dot_net_date(src):
    """Bug 1: '/Date(1700000000000)/' was read as 1 ms (only the first
    character of the tick string was used)."""
    m = _ASP_DATE.match(src)
    if m is None:
        raise ValueError("bad /Date()/ literal: %r" % src)
    ms = int(m.group(1))
    zdir = 0
    zoffset = 0
    if m.group(2):
        zdir = 1 if m.group(2) == '+' else -1
        zoffset = int(m.group(3))
    seconds, millis = divmod(ms, 1000)
    days, seconds = divmod(seconds, 86400)
    t, overflow = iso.Time().offset(seconds=seconds + millis / 1000.0)
    t = t.with_zone(zdir, zoffset // 60, zoffset % 60)
    d = iso.Date(absolute_day=core.BASE_DAY + days + overflow)
    return iso.TimePoint(date=d, time=t)


class _MergeState(object):
    """Thread-local switch: while set, JSON reads skip absent properties."""
    import threading
    local = threading.local()


def merging():
    return getattr(_MergeState.local, "merge", False)


def set_merging(flag):
    _MergeState.local.merge = flag


_orig_set_from_json_object = core.Entity.set_from_json_object


def _is_token(value):
    p_def = getattr(value, "p_def", None)
    return p_def is not None and \
        p_def.concurrencyMode == edm.ConcurrencyMode.Fixed


def _snapshot(value):
    if isinstance(value, edm.SimpleValue):
        return ("s", value.value)
    return ("c", dict((k, _snapshot(v)) for k, v in value.iteritems()))


def _apply(value, snap):
    kind, data = snap
    if kind == "s":
        value.set_from_value(data)
    else:
        for k, v in value.iteritems():
            _apply(v, data[k])


def _merge_set_from_json_object(self, obj, entity_resolver=None,
                                for_update=False):
    """Bug 2: a JSON MERGE set every absent property to null (the key
    with it), and an absent complex property gave 500 (also on POST).
    While merging, absent properties keep their stored value; otherwise an
    absent complex property becomes all-null like an absent simple one."""
    full = dict(obj)
    for k, v in self.data_items():
        if k not in obj and not isinstance(v, edm.SimpleValue):
            full[k] = {}
    merge = merging()
    kept = {}
    if self.exists:
        # concurrency tokens are server-managed: they keep their stored
        # value whatever the body says (the If-Match check decides), and an
        # absent key keeps its value on PUT
        kept = dict((k, _snapshot(v)) for k, v in self.data_items()
                    if _is_token(v) or (k not in obj and (
                        merge or k in self.entity_set.keys)))
    _orig_set_from_json_object(self, full, entity_resolver, for_update)
    for k, v in self.data_items():
        if k in kept:
            _apply(v, kept[k])


def _wrap_next_links(gen):
    """Bug 3: '__next' was written as {"uri": ...} instead of a string."""
    prefix = '],"__next":{"uri":'
    for s in gen:
        if s.startswith(prefix) and s.endswith('}}'):
            yield '],"__next":' + s[len(prefix):-2] + '}'
        else:
            yield s


_orig_set_json = core.EntityCollection.generate_entity_set_in_json
_orig_link_json = core.EntityCollection.generate_link_coll_json


def _generate_entity_set_in_json(self, version=2):
    return _wrap_next_links(_orig_set_json(self, version))


def _generate_link_coll_json(self, version=2):
    return _wrap_next_links(_orig_link_json(self, version))


def _update_stream(self, src, key, sinfo=None):
    """Bug 4: the released update_stream never committed its UPDATE, so the
    SQLite write lock stayed held and every later write failed."""
    e = self.new_entity()
    e.set_key(key)
    if sinfo is None:
        sinfo = core.StreamInfo()
    etag = e.etag_values()
    if len(etag) == 1 and isinstance(etag[0], edm.BinaryValue):
        h = hashlib.sha256()
        etag = etag[0]
    else:
        h = None
    c, v = self.stream_field(e, prefix=False)
    if not self.container.streamstore:
        raise NotImplementedError
    estream = self.container.streamstore.new_stream(sinfo.type, sinfo.created)
    with self.container.streamstore.open_stream(estream, 'w') as dst:
        sinfo.size, sinfo.md5 = self._copy_src(src, dst, sinfo.size, h)
    if sinfo.modified is not None:
        estream['modified'].set_from_value(sinfo.modified.shift_zone(0))
        estream.commit()
    v.set_from_value(estream.key())
    if h is not None:
        etag.set_from_value(h.digest())
    oldvalue = self._get_streamid(key)
    transaction = sqlds.SQLTransaction(self.container, self.connection)
    try:
        transaction.begin()
        params = self.container.ParamsClass()
        query = ['UPDATE ', self.table_name, ' SET ']
        query.append("%s=%s" % (
            c, params.add_param(self.container.prepare_sql_value(v))))
        query.append(' WHERE ')
        where = []
        for k, kv in dict_items(e.key_dict()):
            where.append('%s=%s' % (
                self.container.mangled_names[(self.entity_set.name, k)],
                params.add_param(self.container.prepare_sql_value(kv))))
        query.append(' AND '.join(where))
        query = ''.join(query)
        logging.info("%s; %s", query, to_text(params.params))
        transaction.execute(query, params)
        transaction.commit()
    except Exception as err:
        transaction.rollback(err)
    finally:
        transaction.close()
    if oldvalue:
        oldstream = self.container.streamstore.get_stream(oldvalue.value)
        self.container.streamstore.delete_stream(oldstream)


_orig_read_stream_close = sqlds.SQLEntityCollection.read_stream_close


def _read_stream_close(self, key):
    """Bug 7: an entity without a stream gave 500 (md5 of a str on Python
    3); it now reads as an empty stream."""
    svalue = self._get_streamid(key)
    if svalue:
        return _orig_read_stream_close(self, key)
    sinfo = core.StreamInfo()
    sinfo.size = 0
    sinfo.md5 = hashlib.md5(b'').digest()
    self.close()
    return sinfo, []


_orig_uri_literal_from_str = core.uri_literal_from_str


def _uri_literal_from_str(source):
    """Extra: a key predicate with a non-ASCII character failed with an
    'ascii' codec error (the parsed path is already partly unescaped);
    re-escape such characters before pyslet unescapes the literal."""
    if any(ord(c) > 127 for c in source):
        source = "".join(
            c if ord(c) < 128 else "".join(
                "%%%02X" % b for b in c.encode("utf-8"))
            for c in source)
    return _orig_uri_literal_from_str(source)


_orig_set_concurrency_tokens = edm.Entity.set_concurrency_tokens


def _set_concurrency_tokens(self):
    """Extra: a DateTime concurrency token was set to 'now' (nudged only when
    equal to the old value), so a later update within the same second could
    move it back to an earlier, already-issued value and a stale ETag matched
    again. Tokens now always move forward."""
    old = [(t, t.value) for t in self.etag_values()
           if isinstance(t, (edm.DateTimeValue, edm.DateTimeOffsetValue))]
    _orig_set_concurrency_tokens(self)
    for token, before in old:
        if before is not None and token.value is not None and \
                token.value <= before:
            new_time, overflow = before.time.offset(seconds=1)
            token.set_from_value(iso.TimePoint(
                date=before.date.offset(days=overflow), time=new_time))


def apply():
    """Installs every function-level patch (idempotent)."""
    core.parse_asp_dot_net_date = parse_asp_dot_net_date
    core.uri_literal_from_str = _uri_literal_from_str
    edm.Entity.set_concurrency_tokens = _set_concurrency_tokens
    core.Entity.set_from_json_object = _merge_set_from_json_object
    core.EntityCollection.generate_entity_set_in_json = \
        _generate_entity_set_in_json
    core.EntityCollection.generate_link_coll_json = _generate_link_coll_json
    sqlds.SQLEntityCollection.update_stream = _update_stream
    sqlds.SQLEntityCollection.read_stream_close = _read_stream_close
