#ifdef USE_GELU
GELU_ON
#else
GELU_OFF
#endif
