#pragma once
#include <skgen/annotations.h>
