// Stands for CPython's header, which must be included before any other.
#pragma once
