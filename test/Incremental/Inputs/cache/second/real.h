#pragma once
namespace real { using type = double; }
