#include "Scan/CommandLine.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace skgen::scan;

static bool has(const std::vector<std::string> &V, const std::string &S) {
  return std::find(V.begin(), V.end(), S) != V.end();
}

TEST(CommandLine, DropsGccOnlyAndOutputFlags) {
  std::vector<std::string> Dropped;
  auto Out = adjustCommandLine(
      {"/usr/bin/g++", "-DX=1", "-Iinc", "-fconcepts-diagnostics-depth=2",
       "-fno-gnu-unique", "-Wno-maybe-uninitialized", "-Werror", "-MD", "-MF",
       "a.d", "-o", "a.o", "-c", "a.cpp"},
      &Dropped);
  EXPECT_EQ(Out.front(), "/usr/bin/g++");
  EXPECT_TRUE(has(Out, "-DX=1"));
  EXPECT_TRUE(has(Out, "-Iinc"));
  EXPECT_TRUE(has(Out, "a.cpp"));
  EXPECT_TRUE(has(Out, "-fsyntax-only"));
  EXPECT_TRUE(has(Out, "-Wno-unknown-warning-option"));
  for (const char *Gone : {"-fconcepts-diagnostics-depth=2", "-fno-gnu-unique",
                           "-Werror", "-MD", "-MF", "a.d", "-o", "a.o", "-c"})
    EXPECT_FALSE(has(Out, Gone)) << Gone;
  EXPECT_TRUE(has(Dropped, "-fconcepts-diagnostics-depth=2"));
  EXPECT_TRUE(has(Out, "-resource-dir=" + clangResourceDir()));
}

// What reaches the frontend through -Wp, -Xpreprocessor and -Xclang is read
// as the frontend reads it: a file-writing option goes (with the values it
// spans), the others stay.
TEST(CommandLine, DropsForwardedFileWriters) {
  auto Out = adjustCommandLine({"g++",
                                "-Wp,-MD,.a.o.d",
                                "-Wp,-DKEEP_WP",
                                "-Xclang",
                                "-dependency-file",
                                "-Xclang",
                                "x.d",
                                "-Xclang",
                                "-MT",
                                "-Xclang",
                                "a.o",
                                "-Xclang",
                                "-fno-validate-pch",
                                "-Xpreprocessor",
                                "-dependency-dot",
                                "-Xpreprocessor",
                                "g.dot",
                                "-Xpreprocessor",
                                "-DKEEP_XP",
                                "-c",
                                "a.cpp"});
  for (const char *Gone : {"-Wp,-MD,.a.o.d", "-dependency-file", "x.d", "-MT",
                           "a.o", "-dependency-dot", "g.dot"})
    EXPECT_FALSE(has(Out, Gone)) << Gone;
  EXPECT_TRUE(has(Out, "-Wp,-DKEEP_WP"));
  EXPECT_TRUE(has(Out, "-fno-validate-pch"));
  EXPECT_TRUE(has(Out, "-DKEEP_XP"));
  // The -Xclang before a kept value stays with it: four -Xclang of five
  // are gone with the dependency file's options, one -Xpreprocessor of
  // three stays.
  EXPECT_EQ(std::count(Out.begin(), Out.end(), "-Xclang"), 1);
  EXPECT_EQ(std::count(Out.begin(), Out.end(), "-Xpreprocessor"), 1);
}

TEST(CommandLine, KeepsExplicitResourceDirAndDashDash) {
  auto Out = adjustCommandLine(
      {"clang++", "-resource-dir", "/x", "-std=c++17", "--", "a.cpp"});
  EXPECT_EQ(std::count_if(Out.begin(), Out.end(),
                          [](const std::string &S) {
                            return S.rfind("-resource-dir", 0) == 0;
                          }),
            1);
  // Everything we add comes before `--`.
  auto DD = std::find(Out.begin(), Out.end(), "--");
  ASSERT_NE(DD, Out.end());
  EXPECT_EQ(DD + 2, Out.end());
  EXPECT_EQ(*(DD + 1), "a.cpp");
}

TEST(CommandLine, IncludeDirs) {
  auto D = includeDirs({"g++", "-Ia", "-I", "/b", "-iquote", "q", "-isystem",
                        "/sys", "-include", "pre.h", "x.cpp"},
                       "/w");
  EXPECT_EQ(D.Angled, (std::vector<std::string>{"/w/a", "/b"}));
  EXPECT_EQ(D.Quote, (std::vector<std::string>{"/w/q"}));
  // As written: looked up in the directory, then along the quoted chain.
  EXPECT_EQ(D.Forced, (std::vector<std::string>{"pre.h"}));
  EXPECT_EQ(D.System, (std::vector<std::string>{"/sys"}));
  EXPECT_EQ(D.Directory, "/w");
  EXPECT_EQ(D.Unmodeled, "");
  // Every spelling of -include; not --include-directory.
  D = includeDirs({"clang", "-includea.h", "--include", "b.h", "--include=c.h",
                   "--include-directory=d", "-idirafter", "after"},
                  "/w");
  EXPECT_EQ(D.Forced, (std::vector<std::string>{"a.h", "b.h", "c.h"}));
  EXPECT_EQ(D.Angled, (std::vector<std::string>{"/w/d"}));
  EXPECT_EQ(D.System, (std::vector<std::string>{"/w/after"}));
  // What the prefilter does not model makes it parse (issue 25).
  for (std::vector<std::string> Args :
       {std::vector<std::string>{"clang", "-include-pch", "p.pch"},
        {"clang", "-ivfsoverlay", "o.yaml"},
        {"clang", "-Xclang", "-include", "-Xclang", "x.h"},
        {"clang", "-DOP=SKGEN_KERNEL(x)"},
        {"clang", "@flags.rsp"},
        {"clang", "-I=/inc"},
        {"clang", "-F", "/frameworks"}})
    EXPECT_NE(includeDirs(Args, "/w").Unmodeled, "") << Args[1];
  // The driver's option table decides what is an include directory: the
  // value of -o or -MF is not one, whatever it looks like.
  D = includeDirs({"g++", "-o", "-Inot-a-dir", "-MF", "-Ialso-not", "-imacros",
                   "m.h", "-I", "real", "x.cpp"},
                  "/w");
  EXPECT_EQ(D.Angled, (std::vector<std::string>{"/w/real"}));
  EXPECT_EQ(D.Forced, (std::vector<std::string>{"m.h"})); // -imacros
}
