#pragma once
#include <stddef.h>
#include <skgen/annotations.h>
#include <ATen/ATen.h>
