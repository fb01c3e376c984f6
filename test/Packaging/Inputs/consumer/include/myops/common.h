#pragma once
#include <ATen/ATen.h>
#include <skgen/annotations.h>
#include <torch/library.h>
