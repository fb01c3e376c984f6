#pragma once
int deeper();
