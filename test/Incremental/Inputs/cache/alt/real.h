#pragma once
namespace real { using type = float; }
