#define FROM_INC1 1
