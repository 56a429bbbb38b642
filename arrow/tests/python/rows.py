"""A games-table row against the game python-chess reads from the same
text: the tag columns as arrow/README.md documents them. Shared by the
tests of pgn2parquet's output (here) and of the Python package
(python/tests/test_arrow_odd_shapes.py)."""

import datetime

# Tags kept as text and as integers, by column.
TEXT = {
    "Event": "event", "Site": "site", "Date": "date", "Round": "round", "White": "white", "Black": "black",
    "WhiteTitle": "white_title", "BlackTitle": "black_title", "ECO": "eco", "Opening": "opening",
    "TimeControl": "time_control", "Termination": "termination", "Variant": "variant", "FEN": "fen",
    "Result": "result",
}
INTS = {"WhiteElo": "white_elo", "BlackElo": "black_elo", "WhiteRatingDiff": "white_rating_diff",
        "BlackRatingDiff": "black_rating_diff"}
# The Seven Tag Roster as python-chess fills it in when a game lacks it;
# the tables leave those columns null.
ROSTER_DEFAULTS = {"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?", "White": "?", "Black": "?",
                   "Result": "*"}
# Tags read as a date or a time, as `strptime` reads them.
TYPED = {"UTCDate": ("utc_date", "%Y.%m.%d", "date"), "UTCTime": ("utc_time", "%H:%M:%S", "time")}


def unescape(value):
    """A tag value with PGN's escapes resolved: python-chess keeps `\\"` and
    `\\\\` as written, the tables resolve them (as the PGN standard says)."""
    out, chars = [], iter(value)
    for c in chars:
        if c == "\\":
            n = next(chars, "")
            out.append(n if n in ('"', "\\") else c + n)
        else:
            out.append(c)
    return "".join(out)


def typed_value(name, value):
    """The value of a tag with a typed column (None when it does not read
    as its type: the text then goes to `other_tags`)."""
    if name in INTS:
        try:
            return int(value)
        except ValueError:
            return None
    _, fmt, kind = TYPED[name]
    try:
        return getattr(datetime.datetime.strptime(value, fmt), kind)()
    except ValueError:
        return None


def check_headers(row, game):
    """Every tag of `game` in its column or in `other_tags`, nothing more;
    the split time control."""
    other = dict(row["other_tags"])
    for name, value in game.headers.items():
        value = unescape(value)
        if name in TEXT:
            if not (row[TEXT[name]] is None and ROSTER_DEFAULTS.get(name) == value):
                assert row[TEXT[name]] == value, name
            continue
        if name in INTS or name in TYPED:
            expected = typed_value(name, value)
            column = INTS[name] if name in INTS else TYPED[name][0]
            assert row[column] == expected, (name, value)
            missing = expected is None
        else:
            missing = True
        if missing:
            assert other.pop(name) == value, name
        else:
            other.pop(name, None)
    assert other == {}, "tags python-chess does not have"
    for name, column in TEXT.items():
        if name not in game.headers:
            assert row[column] is None, name
    control = game.headers.get("TimeControl", "")
    base, plus, increment = control.partition("+")
    if plus and base.isdigit() and increment.isdigit():
        assert (row["time_control_base"], row["time_control_increment"]) == (int(base), int(increment))
