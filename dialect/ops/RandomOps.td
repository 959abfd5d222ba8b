//===- RandomOps.td - counter-based random bits ------------*- tablegen -*-===//

#ifndef TNP_RANDOM_OPS_TD
#define TNP_RANDOM_OPS_TD

include "dialect/TnpBase.td"

def Tnp_RandomBitsOp : Tnp_Op<"random_bits", [Tnp_ZeroDerivative]> {
  let summary = "uniform random bits from a key, Threefry-2x32 (20 rounds)";
  let description = [{
    With `c(j) = [lo32(j), hi32(j)]`, element `i` (row-major) of a `ui32`
    result is word `i mod 2` of `threefry2x32(key, c(i / 2))`, and of a `ui64`
    result is `w0 | w1 << 32` for `[w0, w1] = threefry2x32(key, c(i))`. The
    result is a pure function of key, dtype and position, so the op is Pure
    and reproducible across runs and devices. The shape is static.

    A key of shape `K x 2` is a batch of keys (vectorized_map over keys):
    the result has shape `K ++ S`, and its `[k..., s...]` are the bits the
    key `key[k...]` gives at position `s` of a result of shape `S`.
    ```mlir
    %bits = tnp.random_bits %key : (tensor<2xui32>) -> tensor<3x4xui32>
    %many = tnp.random_bits %keys : (tensor<8x2xui32>) -> tensor<8x3xui32>
    ```
  }];
  let arguments = (ins Tnp_KeyTensor:$key);
  let results = (outs Tnp_BitsTensor:$result);
  let assemblyFormat = "$key attr-dict `:` functional-type($key, $result)";
  let hasVerifier = 1;
}

#endif // TNP_RANDOM_OPS_TD
