"""What a student's process may send back: data, written as JSON, read under a size and time budget.

The grader never unpickles anything a student's process wrote (a pickle can make the reader call
functions: ``bytearray(10**10)``, ``deque(range(10**9))``). A reply is JSON whose arrays carry a
tag, so that only these come back: ``None``, booleans, numbers, strings, bytes, lists, tuples,
dicts, sets, ranges, fractions, NumPy arrays of numbers, PuLP's variables, expressions,
constraints and problems, and the course's own value types (a ``puzzlelib`` class's fields, set
without running its code). :func:`decode` refuses a reply over :data:`MAX_BYTES`, stops after
:data:`MAX_NODES` values or past its deadline, and never calls anything the reply names but these
constructors.

Tags (the first element of an array): L list, T tuple, D dict (key, value, ...), S set,
F frozenset, B bytes (base64), I a big int (decimal), f a float that JSON cannot spell, C complex,
Q fraction, Z decimal, R range, N array (dtype, shape, flat values), V a variable the grader sent
(token, state), W a new variable (number, state), w one seen before in this reply, E expression,
K constraint, P problem, O a course object, U a course named tuple, M a course enum member.
"""

from __future__ import annotations

import base64
import dataclasses
import enum
import json
import math
import time
from fractions import Fraction

MAX_BYTES = 16 * 2**20  # a reply larger than this is not an answer
MAX_NODES = 2_000_000  # values in one reply
MAX_DEPTH = 100
SMALL_INT = 2**53
VAR_STATE = ("lowBound", "upBound", "cat", "varValue", "dj")
NUMERIC_DTYPES = {"b", "i", "u", "f"}


class Unreadable(Exception):
    """A reply the grader does not take: its message says why, in words for the student."""


class Unencodable(TypeError):
    """A value the student's process cannot send (a function, a file, a generator...)."""


# --------------------------------------------------------------------------------------------- #
# The student's side: encode
# --------------------------------------------------------------------------------------------- #
def encode(value, known: dict[int, int]) -> bytes:
    """``value`` as a reply; ``known`` maps the id of each variable the grader sent to its token."""
    return json.dumps(_Encoder(known).node(value, 0), separators=(",", ":"), allow_nan=False).encode()


class _Encoder:
    def __init__(self, known: dict[int, int]):
        self.known, self.fresh = known, {}

    def node(self, v, depth: int):
        if depth > MAX_DEPTH:
            raise Unencodable("nested too deeply")
        d = depth + 1
        if v is None or isinstance(v, (bool, str)):
            return v
        if isinstance(v, enum.Enum) and _course_class(type(v)):
            return ["M", type(v).__module__, type(v).__qualname__, v.name]
        if isinstance(v, int):
            return int(v) if -SMALL_INT < v < SMALL_INT else ["I", str(int(v))]
        if isinstance(v, float):
            return float(v) if math.isfinite(v) else ["f", repr(float(v))]
        if type(v).__module__ == "numpy":
            return self._numpy(v, d)
        kind = _pulp_kind(v)  # PuLP's classes and their subclasses (engine.solver's LpProblem)
        if kind == "LpVariable":
            return self._variable(v)
        if kind == "LpConstraint":
            return ["K", self._terms(v, d), self.node(v.constant, d), int(v.sense), _name(v),
                    self.node(v.pi, d), self.node(v.slack, d)]
        if kind == "LpAffineExpression":
            return ["E", self._terms(v, d), self.node(v.constant, d), _name(v)]
        if kind == "LpProblem":
            return self._problem(v, d)
        if isinstance(v, tuple) and _course_class(type(v)):
            return ["U", type(v).__module__, type(v).__qualname__, *[self.node(x, d) for x in v]]
        if isinstance(v, (list, tuple, set, frozenset)):
            tag = "L" if isinstance(v, list) else "T" if isinstance(v, tuple) else \
                "S" if isinstance(v, set) else "F"
            if isinstance(v, (set, frozenset)):
                return [tag, *[self.node(x, d) for x in v]]
            return [tag, *[self.node(x, d) for x in v]]
        if isinstance(v, dict):
            out = ["D"]
            for key, item in v.items():
                out += [self.node(key, d), self.node(item, d)]
            return out
        if isinstance(v, (bytes, bytearray)):
            return ["B", base64.b64encode(bytes(v)).decode()]
        if isinstance(v, complex):
            return ["C", self.node(v.real, d), self.node(v.imag, d)]
        if isinstance(v, Fraction):
            return ["Q", str(v.numerator), str(v.denominator)]
        if type(v).__name__ == "Decimal" and type(v).__module__ in ("decimal", "_decimal"):
            return ["Z", str(v)]
        if isinstance(v, range):
            return ["R", v.start, v.stop, v.step]
        if _course_class(type(v)):
            return ["O", type(v).__module__, type(v).__qualname__, *self._fields(v, d)]
        if _iterable_collection(v):  # deque, OrderedDict views, dict_keys...: as a list
            return ["L", *[self.node(x, d) for x in list(v)]]
        raise Unencodable(f"a {type(v).__name__}")

    def _numpy(self, v, d):
        kind = getattr(getattr(v, "dtype", None), "kind", None)
        if getattr(v, "shape", None) == () and kind in NUMERIC_DTYPES:
            return self.node(v.item(), d)
        if type(v).__name__ == "ndarray" and kind in NUMERIC_DTYPES:
            return ["N", v.dtype.str, list(v.shape), [self.node(x, d) for x in v.ravel().tolist()]]
        raise Unencodable(f"a NumPy {type(v).__name__} of {kind!r}")

    def _variable(self, v):
        state = {k: _plain_state(getattr(v, k, None)) for k in VAR_STATE}
        token = self.known.get(id(v))
        if token is not None:
            return ["V", token, state]
        number = self.fresh.get(id(v))
        if number is not None:
            return ["w", number]
        number = self.fresh[id(v)] = len(self.fresh)
        return ["W", number, {"name": v.name, **state}]

    def _terms(self, expression, d):
        return [[self._variable(var), self.node(coef, d)] for var, coef in expression.items()]

    def _problem(self, p, d):
        # the same order as the reader builds them: variables, objective, constraints
        variables = [self._variable(v) for v in p.variables()]
        objective = None if p.objective is None else self.node(p.objective, d)
        constraints = ["L"]
        for name, constraint in p.constraints.items():
            constraints.append(["T", name, self.node(constraint, d)])
        return ["P", {"name": p.name, "sense": int(p.sense), "status": int(p.status),
                      "sol_status": int(getattr(p, "sol_status", 0) or 0),
                      "variables": variables, "objective": objective, "constraints": constraints}]

    def _fields(self, v, d):
        if dataclasses.is_dataclass(v):
            names = [f.name for f in dataclasses.fields(v)]
        else:
            names = list(getattr(v, "__dict__", {}))
        slots = [s for cls in type(v).__mro__ for s in getattr(cls, "__slots__", ()) if isinstance(s, str)]
        names += [s for s in slots if s not in names and hasattr(v, s)]
        return [["T", name, self.node(getattr(v, name), d)] for name in names if hasattr(v, name)]


def _plain_state(value):
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, (int, float)):
        return float(value) if isinstance(value, float) and math.isfinite(value) else \
            value if isinstance(value, int) and abs(value) < SMALL_INT else None
    item = getattr(value, "item", None)
    return _plain_state(item()) if callable(item) else None


def _name(obj):
    name = getattr(obj, "name", None)
    return name if isinstance(name, str) else None


def _pulp_kind(v) -> str | None:
    """Which of PuLP's classes ``v`` is an instance of (a subclass counts), or None."""
    import sys

    pulp = sys.modules.get("pulp")
    if pulp is None:
        return None
    for name in ("LpVariable", "LpConstraint", "LpAffineExpression", "LpProblem"):
        if isinstance(v, getattr(pulp, name)):
            return name
    return None


def _course_class(cls) -> bool:
    module = getattr(cls, "__module__", "") or ""
    return module.startswith("puzzlelib.") and not module.startswith("puzzlelib.classroom")


def _iterable_collection(v) -> bool:
    module = type(v).__module__
    return module in ("collections", "builtins") and hasattr(v, "__iter__") and hasattr(v, "__len__")


# --------------------------------------------------------------------------------------------- #
# The grader's side: decode
# --------------------------------------------------------------------------------------------- #
def decode(data: bytes, objects: dict[int, object], deadline: float | None = None):
    """The value a reply carries, built from data only. ``objects``: token -> the grader's variable.

    Raises :class:`Unreadable` for anything else: too large, too deep, too many values, past the
    deadline, a tag or class it does not know."""
    if len(data) > MAX_BYTES:
        raise Unreadable(f"a reply of {len(data)} bytes (at most {MAX_BYTES})")
    try:
        tree = json.loads(data, parse_constant=_refuse_constant)
    except RecursionError:
        raise Unreadable("a reply nested too deeply") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise Unreadable(f"not a reply ({type(exc).__name__})") from None
    return _Builder(objects, deadline).build(tree, 0)


def _refuse_constant(name):
    raise ValueError(name)


class _Builder:
    def __init__(self, objects: dict[int, object], deadline: float | None):
        self.objects, self.deadline = objects, deadline
        self.count, self.fresh, self.scratch = 0, {}, None

    def build(self, n, depth: int):
        self.count += 1
        if self.count > MAX_NODES:
            raise Unreadable(f"more than {MAX_NODES} values in one reply")
        if self.count % 4096 == 0 and self.deadline is not None and time.monotonic() > self.deadline:
            raise Unreadable("the time limit ran out while the grader read the reply")
        if depth > MAX_DEPTH:
            raise Unreadable("a reply nested too deeply")
        if n is None or isinstance(n, (bool, int, float, str)):
            return n
        if isinstance(n, dict) or not n or not isinstance(n[0], str):
            raise Unreadable("not a reply")
        tag, rest, d = n[0], n[1:], depth + 1
        try:
            return self._tagged(tag, rest, d)
        except Unreadable:
            raise
        except (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError) as exc:
            raise Unreadable(f"a malformed {tag!r} value ({type(exc).__name__}: {str(exc)[:80]})") from None

    def _tagged(self, tag, rest, d):
        b = lambda x: self.build(x, d)  # noqa: E731
        if tag == "L":
            return [b(x) for x in rest]
        if tag == "T":
            return tuple(b(x) for x in rest)
        if tag == "S":
            return {b(x) for x in rest}
        if tag == "F":
            return frozenset(b(x) for x in rest)
        if tag == "D":
            if len(rest) % 2:
                raise Unreadable("a dict with a key and no value")
            return {b(rest[i]): b(rest[i + 1]) for i in range(0, len(rest), 2)}
        if tag == "I":
            (text,) = rest
            if not isinstance(text, str) or len(text) > 4000:
                raise Unreadable("an integer too large")
            return int(text)
        if tag == "f":
            (text,) = rest
            if text not in ("nan", "inf", "-inf"):
                raise Unreadable("a float that is not one")
            return float(text)
        if tag == "B":
            return base64.b64decode(_str(rest[0]), validate=True)
        if tag == "C":
            return complex(_number(b(rest[0])), _number(b(rest[1])))
        if tag == "Q":
            return Fraction(int(_digits(rest[0])), int(_digits(rest[1])))
        if tag == "Z":
            from decimal import Decimal

            return Decimal(_str(rest[0])[:200])
        if tag == "R":
            start, stop, step = (_int(x) for x in rest)
            return range(start, stop, step)
        if tag == "N":
            return self._array(rest, d)
        if tag in ("V", "W", "w"):
            return self._variable(tag, rest)
        if tag == "E":
            return self._expression(rest, d)
        if tag == "K":
            return self._constraint(rest, d)
        if tag == "P":
            return self._problem(rest[0], d)
        if tag in ("O", "U", "M"):
            return self._course(tag, rest, d)
        raise Unreadable(f"an unknown tag {str(tag)[:10]!r}")

    # -- NumPy -------------------------------------------------------------------------------
    def _array(self, rest, d):
        import numpy as np

        dtype, shape, flat = rest
        dtype = np.dtype(_str(dtype))
        if dtype.kind not in NUMERIC_DTYPES or dtype.itemsize > 16:
            raise Unreadable(f"an array of {dtype}")
        shape = [_int(k) for k in shape]
        if len(shape) > 8 or any(k < 0 for k in shape) or math.prod(shape) != len(flat):
            raise Unreadable("an array whose shape does not match its values")
        return np.array([self.build(x, d) for x in flat], dtype=dtype).reshape(shape)

    # -- PuLP --------------------------------------------------------------------------------
    def _variable(self, tag, rest):
        if tag == "w":
            return self.fresh[_int(rest[0])]
        if tag == "V":
            token, state = rest
            var = self.objects.get(token) if isinstance(token, int) else None
            if var is None:
                raise Unreadable("a variable the grader never sent")
            _set_state(var, state)
            return var
        number, state = rest
        number = _int(number)
        if number in self.fresh or number != len(self.fresh):
            raise Unreadable("variables out of order")
        import pulp

        if self.scratch is None:
            self.scratch = pulp.LpProblem("reply", pulp.LpMinimize)
        low, up, cat = _bound(state.get("lowBound")), _bound(state.get("upBound")), state.get("cat")
        if cat not in (pulp.LpContinuous, pulp.LpInteger, pulp.LpBinary):
            raise Unreadable(f"a variable of category {str(cat)[:20]!r}")
        var = self.scratch.add_variable(_str(state.get("name"))[:256], lowBound=low, upBound=up, cat=cat)
        _set_state(var, state)
        self.fresh[number] = var
        return var

    def _terms(self, terms, d):
        out = []
        for pair in terms:
            var_node, coef = pair
            var = self.build(var_node, d)
            if type(var).__name__ != "LpVariable":
                raise Unreadable("a term without a variable")
            out.append((var, _number(self.build(coef, d))))
        return out

    def _expression(self, rest, d):
        import pulp

        terms, constant, name = rest
        expression = pulp.LpAffineExpression(self._terms(terms, d), constant=_number(self.build(constant, d)))
        if isinstance(name, str):
            expression.name = name[:256]
        return expression

    def _constraint(self, rest, d):
        import pulp

        terms, constant, sense, name, pi, slack = rest
        if sense not in (pulp.LpConstraintLE, pulp.LpConstraintEQ, pulp.LpConstraintGE):
            raise Unreadable("a constraint with no sense")
        expression = pulp.LpAffineExpression(self._terms(terms, d), constant=_number(self.build(constant, d)))
        constraint = pulp.LpConstraint(expression, sense=sense, name=name[:256] if isinstance(name, str) else None)
        constraint.pi = _maybe_number(self.build(pi, d))
        constraint.slack = _maybe_number(self.build(slack, d))
        return constraint

    def _problem(self, spec, d):
        import pulp

        if not isinstance(spec, dict):
            raise Unreadable("a problem that is not one")
        sense = spec.get("sense")
        if sense not in (pulp.LpMinimize, pulp.LpMaximize):
            raise Unreadable("a problem with no sense")
        problem = pulp.LpProblem(_str(spec.get("name"))[:256], sense)
        register = getattr(problem, "_register_variable", None)  # PuLP 3 (PuLP 4 finds them in the rows)
        for node in spec.get("variables", ()):
            var = self.build(node, d)
            if type(var).__name__ != "LpVariable":
                raise Unreadable("a problem variable that is not one")
            if register is not None:
                register(var)
        objective = spec.get("objective")
        if objective is not None:
            objective = self.build(objective, d)
            if type(objective).__name__ != "LpAffineExpression":
                raise Unreadable("an objective that is not an expression")
            problem.setObjective(objective)
        constraints = self.build(spec.get("constraints", ["L"]), d)
        for name, constraint in constraints:
            if type(constraint).__name__ != "LpConstraint" or not isinstance(name, str):
                raise Unreadable("a constraint that is not one")
            problem.addConstraint(constraint, name=name)
        problem.status = _int(spec.get("status", 0))
        problem.sol_status = _int(spec.get("sol_status", 0))
        return problem

    # -- the course's own types --------------------------------------------------------------
    def _course(self, tag, rest, d):
        import importlib

        module_name, qualname, *body = rest
        module_name, qualname = _str(module_name), _str(qualname)
        if not module_name.startswith("puzzlelib.") or module_name.startswith("puzzlelib.classroom") \
                or "<" in qualname:
            raise Unreadable(f"a {qualname[:40]} from {module_name[:40]}")
        import sys

        module = sys.modules.get(module_name) or importlib.import_module(module_name)
        cls = module
        for part in qualname.split("."):
            cls = getattr(cls, part)
        if not isinstance(cls, type) or cls.__module__ != module_name or issubclass(cls, BaseException):
            raise Unreadable(f"{qualname[:40]} is not a value type of the course")
        if tag == "M":
            if not issubclass(cls, enum.Enum):
                raise Unreadable(f"{qualname} is not an enumeration")
            return cls[_str(body[0])]
        if tag == "U":
            if not issubclass(cls, tuple):
                raise Unreadable(f"{qualname} is not a tuple")
            return tuple.__new__(cls, [self.build(x, d) for x in body])
        if issubclass(cls, (tuple, enum.Enum)) or cls.__new__ is not object.__new__:
            raise Unreadable(f"{qualname} cannot be rebuilt from its fields")
        obj = object.__new__(cls)
        for item in body:
            pair = self.build(item, d)
            if not (isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[0], str)):
                raise Unreadable("a field that is not one")
            if pair[0].startswith("__"):
                raise Unreadable(f"a field named {pair[0][:30]}")
            object.__setattr__(obj, pair[0], pair[1])
        return obj


def _set_state(var, state) -> None:
    if not isinstance(state, dict):
        raise Unreadable("a variable with no state")
    for key in VAR_STATE:
        if key in state:
            value = state[key]
            if key == "cat":
                if value in ("Continuous", "Integer", "Binary") and value != var.cat:
                    try:
                        var.cat = value
                    except AttributeError:  # PuLP 4: fixed at birth
                        pass
                continue
            setattr(var, key, _maybe_number(value))


def _str(x) -> str:
    if not isinstance(x, str):
        raise Unreadable("a string that is not one")
    return x


def _digits(x) -> str:
    if not isinstance(x, str) or len(x) > 4000:
        raise Unreadable("a number that is not one")
    return x


def _int(x) -> int:
    if not isinstance(x, int) or isinstance(x, bool) or abs(x) > 2**63:
        raise Unreadable("an integer that is not one")
    return x


def _number(x):
    if isinstance(x, bool) or not isinstance(x, (int, float, Fraction)):
        raise Unreadable("a number that is not one")
    return x


def _maybe_number(x):
    return None if x is None else _number(x)


def _bound(x):
    return None if x is None else _number(x)
