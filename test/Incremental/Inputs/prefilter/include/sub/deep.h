#pragma once
#include "deeper.h"
