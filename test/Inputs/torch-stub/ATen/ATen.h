#pragma once
#include <c10/stub.h>
