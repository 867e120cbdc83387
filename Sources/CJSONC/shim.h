#ifndef PICKERD_CJSONC_SHIM_H
#define PICKERD_CJSONC_SHIM_H
#include <json-c/json.h>
#include <json-c/json_object_iterator.h>
#endif
