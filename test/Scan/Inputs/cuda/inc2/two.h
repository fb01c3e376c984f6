#define FROM_INC2 1
