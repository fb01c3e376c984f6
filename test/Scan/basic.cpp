// The facts of a structured out kernel, a further kernel of the same family,
// and a kernel of a family declared elsewhere (checked at link time).
// RUN: %skgen --dump-facts=- %s -- %scanflags > %t.json
// RUN: FileCheck %s --input-file=%t.json -DFILE=%s

#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace myops {

SKGEN_STRUCTURED("myops::add.out(Tensor self, Tensor other, *, Scalar alpha=1, "
                 "Tensor(a!) out) -> Tensor(a!)", CPU, CUDA)
at::Tensor &add_out_cpu(const at::Tensor &self, const at::Tensor &other,
                        const at::Scalar &alpha, at::Tensor &out) {
  return out;
}

  SKGEN_KERNEL( "myops::add.out" , PrivateUse1 )
at::Tensor &add_out_npu(const at::Tensor &self, const at::Tensor &other,
                        const at::Scalar &alpha, at::Tensor &out);

SKGEN_KERNEL("other::mul.out", Meta)
at::Tensor &mul_out_meta(const at::Tensor &self, int64_t n, at::Tensor &out);

} // namespace myops

// CHECK:      "diagnostics": [],
// CHECK-NEXT: "files": [
// CHECK-NEXT:   {
// CHECK-NEXT:     "hash": "{{[0-9a-f]+}}",
// CHECK-NEXT:     "path": "[[FILE]]"
// CHECK-NEXT:   }
// CHECK-NEXT: ],
// CHECK-NEXT: "kernels": [
// CHECK-NEXT:   {
// CHECK-NEXT:     "annotation_loc": {
// CHECK-NEXT:       "column": 1,
// CHECK-NEXT:       "file": "[[FILE]]",
// CHECK-NEXT:       "line": 11
// CHECK-NEXT:     },
// CHECK-NEXT:     "cpp_name": "myops::add_out_cpu",
// The closing brace of `namespace myops`: generated code goes after it.
// CHECK-NEXT:     "insert_after_line": 25,
// CHECK-NEXT:     "insert_after_offset": 940,
// CHECK-NEXT:     "insert_file": "[[FILE]]",
// CHECK-NEXT:     "keys": [
// CHECK-NEXT:       "CPU",
// CHECK-NEXT:       "CUDA"
// CHECK-NEXT:     ],
// CHECK-NEXT:     "kind": "structured",
// CHECK-NEXT:     "loc": {
// CHECK-NEXT:       "column": 13,
// CHECK-NEXT:       "file": "[[FILE]]",
// CHECK-NEXT:       "line": 13
// CHECK-NEXT:     },
// CHECK-NEXT:     "options": {},
// CHECK-NEXT:     "params": [
// CHECK-NEXT:       {
// CHECK-NEXT:         "canonical": "at::Tensor",
// CHECK-NEXT:         "const": true,
// CHECK-NEXT:         "loc": {
// CHECK-NEXT:           "column": 43,
// CHECK-NEXT:           "file": "[[FILE]]",
// CHECK-NEXT:           "line": 13
// CHECK-NEXT:         },
// CHECK-NEXT:         "name": "self",
// CHECK-NEXT:         "reference": true,
// CHECK-NEXT:         "spelling": "const at::Tensor &"
// CHECK-NEXT:       },
// CHECK:              "canonical": "c10::Scalar",
// CHECK-NEXT:         "const": true,
// CHECK:              "name": "alpha",
// CHECK-NEXT:         "reference": true,
// CHECK-NEXT:         "spelling": "const at::Scalar &"
// CHECK:              "canonical": "at::Tensor",
// CHECK-NEXT:         "const": false,
// CHECK:              "name": "out",
// CHECK-NEXT:         "reference": true,
// CHECK-NEXT:         "spelling": "at::Tensor &"
// CHECK:          "return": {
// CHECK-NEXT:       "canonical": "at::Tensor",
// CHECK-NEXT:       "const": false,
// CHECK-NEXT:       "loc": {
// CHECK-NEXT:         "column": 1,
// CHECK-NEXT:         "file": "[[FILE]]",
// CHECK-NEXT:         "line": 13
// CHECK-NEXT:       },
// CHECK-NEXT:       "name": "",
// CHECK-NEXT:       "reference": true,
// CHECK-NEXT:       "spelling": "at::Tensor &"
// CHECK-NEXT:     },
// CHECK-NEXT:     "schema": "myops::add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)",
// The first character inside the string literal.
// CHECK-NEXT:     "schema_loc": {
// CHECK-NEXT:       "column": 19,
// CHECK-NEXT:       "file": "[[FILE]]",
// CHECK-NEXT:       "line": 11
// CHECK-NEXT:     },
// CHECK-NEXT:     "signature_checked": true,
// CHECK-NEXT:     "signature_ok": true
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:     "annotation_loc": {
// CHECK-NEXT:       "column": 3,
// CHECK-NEXT:       "file": "[[FILE]]",
// CHECK-NEXT:       "line": 18
// CHECK-NEXT:     },
// CHECK-NEXT:     "cpp_name": "myops::add_out_npu",
// CHECK:          "keys": [
// CHECK-NEXT:       "PrivateUse1"
// CHECK-NEXT:     ],
// CHECK-NEXT:     "kind": "kernel",
// CHECK:          "schema": "myops::add.out",
// CHECK-NEXT:     "schema_loc": {
// CHECK-NEXT:       "column": 18,
// CHECK-NEXT:       "file": "[[FILE]]",
// CHECK-NEXT:       "line": 18
// CHECK-NEXT:     },
// The family is in this TU: checked here.
// CHECK-NEXT:     "signature_checked": true,
// CHECK-NEXT:     "signature_ok": true
// CHECK:          "cpp_name": "myops::mul_out_meta",
// CHECK:              "canonical": "long",
// CHECK-NEXT:         "const": false,
// CHECK:              "name": "n",
// CHECK-NEXT:         "reference": false,
// CHECK-NEXT:         "spelling": "int64_t"
// CHECK:          "schema": "other::mul.out",
// Not checkable here: the link phase checks params/return.
// CHECK:          "signature_checked": false,
// CHECK-NEXT:     "signature_ok": false
// CHECK:      "main_file": "[[FILE]]",
// CHECK-NEXT: "skipped": false
