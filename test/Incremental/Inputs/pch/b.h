#pragma once
namespace myops { inline int b() { return 1; } }
