#pragma once
#include <ATen/ATen.h>
#include <torch/library.h>
