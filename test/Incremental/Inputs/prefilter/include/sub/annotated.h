#pragma once
#include "annotated-impl.h"
