"""Writes sort-network-exec's MLIR: tnp.sort cases with NumPy's answers.

Where sorts do not call tnp's runtime (GPU kernels, code mlir-runner runs),
tnp.sort lowers to a sorting network (passes/lowering/SortNetwork.cpp). Each
case here is a function sorting one array (so nothing folds on constants),
called by @main with NumPy's random values, whose printed results FileCheck
compares with NumPy's stable sort and argsort: keys with many ties, NaNs,
-0.0 and infinities, rows of lengths around powers of two, every axis,
static and dynamic sizes, and every dtype family (bool, signed and unsigned
integers, 16/32/64-bit floats, complex numbers with NaN parts).

Usage: gen_sort_network.py OUT.mlir
"""

import sys

import numpy as np

RNG = np.random.default_rng(20261206)

# tnp's dtype names in MLIR, and how a value is written in a dense literal.
MLIR_TYPES = {
    "bool": "i1",
    "int8": "i8",
    "uint8": "ui8",
    "int32": "i32",
    "int64": "i64",
    "uint32": "ui32",
    "float16": "f16",
    "bfloat16": "bf16",
    "float32": "f32",
    "float64": "f64",
    "complex64": "complex<f32>",
    "complex128": "complex<f64>",
}


def literal_of(v, dtype):
    if dtype == "bool":
        return "true" if v else "false"
    if dtype.startswith("complex"):
        part = "float32" if dtype == "complex64" else "float64"
        return "(%s, %s)" % (literal_of(v.real, part),
                             literal_of(v.imag, part))
    if dtype.startswith(("float", "bfloat")):
        f = float(v)
        if np.isnan(f):
            return "0x7FC00000" if dtype == "float32" else (
                "0x7FF8000000000000" if dtype == "float64" else
                "0x7E00" if dtype == "float16" else "0x7FC0")
        if np.isinf(f):
            return {"float16": "0x7C00", "bfloat16": "0x7F80",
                    "float32": "0x7F800000",
                    "float64": "0x7FF0000000000000"}[dtype] if f > 0 else {
                        "float16": "0xFC00", "bfloat16": "0xFF80",
                        "float32": "0xFF800000",
                        "float64": "0xFFF0000000000000"}[dtype]
        return repr(f)
    return str(int(v))


def dense(a, dtype):
    if a.ndim == 0:
        return literal_of(a[()], dtype)
    return "[" + ", ".join(dense(row, dtype) for row in a) + "]"


def printed(a):
    """a as mlir-runner's vector.print writes it (C's %g for floats)."""
    if a.ndim == 1:
        return "( " + ", ".join(printed_scalar(v) for v in a) + " )"
    return "( " + ", ".join(printed(row) for row in a) + " )"


def printed_scalar(v):
    if isinstance(v, (np.floating, float)):
        f = float(v)
        if np.isnan(f):
            return "nan"
        return "%g" % f
    return str(int(v))


def random_keys(dtype, shape):
    """Keys with many ties: small values, NaNs, -0.0 and infinities."""
    n = int(np.prod(shape))
    if dtype == "bool":
        return RNG.integers(0, 2, n).astype(bool).reshape(shape)
    if dtype == "uint8":
        return RNG.choice([0, 1, 127, 128, 200, 255], n).astype(
            np.uint8).reshape(shape)
    if dtype == "uint32":
        return RNG.choice([0, 7, 2**31 - 1, 2**31, 2**32 - 1], n).astype(
            np.uint32).reshape(shape)
    if dtype.startswith("int"):
        info = np.iinfo(dtype)
        return RNG.choice([info.min, -3, -1, 0, 1, 2, 3, info.max], n).astype(
            dtype).reshape(shape)
    pool = np.array([-np.inf, -2.5, -1.0, -0.0, 0.0, 0.5, 1.0, 3.0, np.inf,
                     np.nan])
    if dtype.startswith("complex"):
        z = np.empty(n, dtype)
        z.real = RNG.choice(pool, n)
        z.imag = RNG.choice(pool, n)
        return z.reshape(shape)
    return RNG.choice(pool, n).reshape(shape)


def numpy_dtype(dtype):
    # bfloat16 keys are values float32 holds exactly.
    return "float32" if dtype == "bfloat16" else dtype


class Writer:
    def __init__(self):
        self.functions = []
        self.main = []
        self.count = 0

    def case(self, dtype, shape, axis, dynamic, with_values=False,
             indices=True):
        """tnp.sort(keys[, values]) axis = axis [indices], against NumPy."""
        k = self.count
        self.count += 1
        keys = random_keys(dtype, shape).astype(numpy_dtype(dtype))
        t = MLIR_TYPES[dtype]
        static = "x".join(str(d) for d in shape)
        dims = "x".join("?" if dynamic else str(d) for d in shape)
        in_type = "tensor<%sx%s>" % (dims, t)
        perm_type = "tensor<%sxi64>" % dims
        value_type = "tensor<%sxi32>" % dims
        params = ["%%a: %s" % in_type]
        types = [in_type]
        if with_values:
            params.append("%%b: %s" % value_type)
            types.append(value_type)
        results = types + ([perm_type] if indices else [])
        self.functions.append(
            "func.func @case%d(%s) -> (%s) {\n"
            "  %%r:%d = tnp.sort(%s) axis = %d%s : %s\n"
            "  return %s : %s\n}\n" % (
                k, ", ".join(params), ", ".join(results), len(results),
                ", ".join(p.split(":")[0] for p in params), axis,
                " indices" if indices else "", ", ".join(types),
                ", ".join("%%r#%d" % i for i in range(len(results))),
                ", ".join(results)))
        order = np.argsort(keys, axis=axis, kind="stable")
        expected = np.take_along_axis(keys, order, axis=axis)
        lines = ["  // case %d: %s %s, axis %d%s%s" % (
            k, dtype, shape, axis, ", with values" if with_values else "",
            ", with indices" if indices else "")]
        static_in = "tensor<%sx%s>" % (static, t)
        lines.append("  %%x%d = tnp.constant dense<%s> : %s" % (
            k, dense(keys, dtype), static_in))
        args = ["%%x%d" % k]
        if dynamic:
            lines.append("  %%y%d = tensor.cast %%x%d : %s to %s" % (
                k, k, static_in, in_type))
            args = ["%%y%d" % k]
        values = np.arange(keys.size, dtype=np.int32).reshape(shape) * 10
        if with_values:
            static_v = "tensor<%sxi32>" % static
            lines.append("  %%v%d = tnp.constant dense<%s> : %s" % (
                k, dense(values, "int32"), static_v))
            if dynamic:
                lines.append("  %%w%d = tensor.cast %%v%d : %s to %s" % (
                    k, k, static_v, types[1]))
                args.append("%%w%d" % k)
            else:
                args.append("%%v%d" % k)
        lines.append("  %%r%d:%d = func.call @case%d(%s) : (%s) -> (%s)" % (
            k, len(results), k, ", ".join(args), ", ".join(types),
            ", ".join(results)))
        # Printed as float64 (floats, and complex parts) or int64.
        to_print = []
        if dtype.startswith("complex"):
            to_print += [("real", "f64", expected.real),
                         ("imag", "f64", expected.imag)]
        elif dtype.startswith(("float", "bfloat")):
            to_print.append(("convert", "f64", expected))
        else:
            to_print.append(("convert", "i64", expected))
        printed_results = [(0, op, ty, exp) for op, ty, exp in to_print]
        if with_values:
            printed_results.append(
                (1, "convert", "i64",
                 np.take_along_axis(values, order, axis=axis)))
        if indices:
            printed_results.append((len(results) - 1, "convert", "i64",
                                    order))
        for j, (index, op, ty, exp) in enumerate(printed_results):
            name = "%%p%d_%d" % (k, j)
            src = "%%r%d#%d" % (k, index)
            src_type = results[index]
            mid_type = "tensor<%sx%s>" % (dims, ty)
            if op == "convert":
                lines.append("  %s = tnp.convert %s : (%s) -> %s" % (
                    name, src, src_type, mid_type))
            else:
                part = "tensor<%sx%s>" % (dims, t.split("<")[1].rstrip(">"))
                lines.append("  %sa = tnp.%s %s : (%s) -> %s" % (
                    name, op, src, src_type, part))
                lines.append("  %s = tnp.convert %sa : (%s) -> %s" % (
                    name, name, part, mid_type))
            static_out = "tensor<%sx%s>" % (static, ty)
            lines.append("  %sc = tensor.cast %s : %s to %s" % (
                name, name, mid_type, static_out))
            elem = "f64" if ty == "f64" else "i64"
            pad = "0.0" if ty == "f64" else "0"
            zeros = ", ".join(["%c0"] * len(shape))
            lines.append("  %sv = vector.transfer_read %sc[%s], %s%s : %s, "
                         "vector<%sx%s>" % (
                             name, name, zeros, "%pad_", elem, static_out,
                             static, elem))
            lines.append("  vector.print %sv : vector<%sx%s>" % (
                name, static, elem))
            lines.append("  // CHECK-NEXT: %s" % printed(exp))
        self.main.append("\n".join(lines) + "\n")

    def text(self):
        return (
            "\n".join(self.functions) + "\nfunc.func @main() {\n"
            "  %c0 = arith.constant 0 : index\n"
            "  %pad_f64 = arith.constant 0.0 : f64\n"
            "  %pad_i64 = arith.constant 0 : i64\n"
            "  vector.print str \"exec\\n\"\n"
            "  // CHECK: exec\n" + "\n".join(self.main) + "  return\n}\n")


def main():
    w = Writer()
    # Rows of lengths around powers of two (the network pads to one).
    for n in [1, 2, 3, 5, 8, 13, 16, 31, 33, 64, 100]:
        w.case("float32", (n,), 0, dynamic=True)
    for dtype in MLIR_TYPES:
        w.case(dtype, (3, 9), 1, dynamic=True)
        w.case(dtype, (6, 2), 0, dynamic=False)
    w.case("float64", (2, 7, 3), 1, dynamic=True)
    w.case("int32", (4, 5, 2), 2, dynamic=False)
    w.case("float32", (2, 11), 1, dynamic=True, with_values=True)
    w.case("int8", (12,), 0, dynamic=False, with_values=True)
    # Sorts alone: integers need no permutation, floats order ties by one.
    w.case("int32", (5, 20), 1, dynamic=True, indices=False)
    w.case("uint8", (37,), 0, dynamic=False, indices=False)
    w.case("float32", (4, 19), 1, dynamic=True, indices=False)
    w.case("complex64", (3, 10), 1, dynamic=False, indices=False)
    with open(sys.argv[1], "w") as out:
        out.write(w.text())


if __name__ == "__main__":
    main()
