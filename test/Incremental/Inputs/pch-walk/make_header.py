# Writes walk.h: functions whose bodies a precompiled header keeps (deduced
# return types), all called from g's body, so that loading g's body from the
# header deserializes every one of them.
import sys

N = 300
with open(sys.argv[1], "w") as f:
    f.write("#pragma once\nnamespace lib {\n")
    for i in range(N):
        f.write("inline auto f%d(int x) { return x + %d; }\n" % (i, i))
    f.write("inline auto g(int x) {\n  return 0")
    for i in range(N):
        f.write(" + f%d(x)" % i)
    f.write(";\n}\n} // namespace lib\n")
