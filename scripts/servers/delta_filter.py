"""The `$filter` subset of the delta server: `Name eq literal` terms joined
by `and` (what the offline store's lookup of an unanswered create sends).
Literals: 'text' ('' escapes a quote), datetime'2020-01-31T10:00:00',
numbers (with an M/L/d/f suffix), true, false, null."""

import re
from datetime import datetime, timezone
from decimal import Decimal, InvalidOperation

TOKEN = re.compile(r"\s*(?:(?P<text>'(?:[^']|'')*')|(?P<datetime>datetime'[^']*')"
                   r"|(?P<word>[A-Za-z_][A-Za-z0-9_/.]*)|(?P<number>-?[0-9][0-9.]*[MmLlDdFf]?))")


class FilterError(ValueError):
    pass


def parse_filter(text):
    """A list of (property, value) pairs that must all hold."""
    tokens = []
    position = 0
    while position < len(text.rstrip()):
        match = TOKEN.match(text, position)
        if not match:
            raise FilterError("unexpected text at %d: %s" % (position, text[position:]))
        tokens.append((match.lastgroup, match.group(match.lastgroup)))
        position = match.end()
    terms = []
    index = 0
    while True:
        if index + 3 > len(tokens):
            raise FilterError("expected `Name eq value` in %s" % text)
        name, op, value = tokens[index:index + 3]
        if name[0] != "word" or op != ("word", "eq"):
            raise FilterError("only `Name eq value` terms joined by `and` are supported: %s" % text)
        terms.append((name[1], literal(value)))
        index += 3
        if index == len(tokens):
            return terms
        if tokens[index] != ("word", "and"):
            raise FilterError("only `and` joins terms: %s" % text)
        index += 1


def literal(token):
    kind, text = token
    if kind == "text":
        return text[1:-1].replace("''", "'")
    if kind == "datetime":
        moment = datetime.fromisoformat(text[len("datetime'"):-1]).replace(tzinfo=timezone.utc)
        return int(moment.timestamp() * 1000)
    if kind == "number":
        try:
            return Decimal(text.rstrip("MmLlDdFf"))
        except InvalidOperation:
            raise FilterError("bad number " + text)
    if text in ("true", "false"):
        return text == "true"
    if text == "null":
        return None
    raise FilterError("not a literal: " + text)


def comparable(value):
    """A stored JSON value in the form literals take: /Date(ms)/ as ms, numbers as Decimal."""
    if isinstance(value, str):
        match = re.fullmatch(r"/Date\((-?\d+)(?:[+-]\d+)?\)/", value)
        if match:
            return int(match.group(1))
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return Decimal(str(value))
    return value


def matches(terms, entity):
    for name, value in terms:
        stored = entity
        for part in name.split("/"):
            stored = stored.get(part) if isinstance(stored, dict) else None
        stored = comparable(stored)
        if isinstance(value, Decimal) and isinstance(stored, str):
            try:
                stored = Decimal(stored)
            except InvalidOperation:
                return False
        if stored != value:
            return False
    return True
