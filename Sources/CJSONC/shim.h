#ifndef PICKERD_CJSONC_SHIM_H
#define PICKERD_CJSONC_SHIM_H
#include <json-c/json.h>
#include <json-c/json_object_iterator.h>

/* Where json-c's tokener stands between two calls of json_tokener_parse_ex
 * (PickerJSON feeds a line in pieces and asks this at each seam). json-c
 * 0.16, Debian 12's, declares struct json_tokener and its states in
 * json_tokener.h, marked "do not access outside json_tokener.c"; these
 * read it in one place, so a json-c that hides the struct breaks the build
 * here and nowhere else. */

/* Whether the next byte would be inside a string or a key, its escapes included. */
static inline int pickerd_json_tokener_is_in_string(const struct json_tokener *tok)
{
	switch (tok->stack[tok->depth].state)
	{
	case json_tokener_state_string:
	case json_tokener_state_object_field:
	case json_tokener_state_string_escape:
	case json_tokener_state_escape_unicode:
	case json_tokener_state_escape_unicode_need_escape:
	case json_tokener_state_escape_unicode_need_u: return 1;
	default: return 0;
	}
}

/* Whether the next byte would be plain text of a string or key: not part of an escape. */
static inline int pickerd_json_tokener_is_in_plain_string(const struct json_tokener *tok)
{
	enum json_tokener_state state = tok->stack[tok->depth].state;
	return state == json_tokener_state_string || state == json_tokener_state_object_field;
}

/* Whether the next byte would begin a token (json-c is skipping whitespace
 * between tokens, or has not started). */
static inline int pickerd_json_tokener_is_between_tokens(const struct json_tokener *tok)
{
	return tok->stack[tok->depth].state == json_tokener_state_eatws;
}

/* The top-level value json-c is building (or has built), or NULL. */
static inline struct json_object *pickerd_json_tokener_root(const struct json_tokener *tok)
{
	return tok->stack[0].current;
}

/* The level (0: the top-level value) of the shallowest array or object that
 * json-c has begun and not finished and that holds more than `limit` elements
 * (members) so far, or -1: each level of its stack up to the one it is on has
 * the container it is filling, or none. */
static inline int pickerd_json_tokener_open_container_past(const struct json_tokener *tok, size_t limit)
{
	for (int depth = 0; depth <= tok->depth; depth++)
	{
		struct json_object *current = tok->stack[depth].current;
		size_t count = 0;
		if (current == NULL) continue;
		switch (json_object_get_type(current))
		{
		case json_type_array: count = json_object_array_length(current); break;
		case json_type_object: count = (size_t)json_object_object_length(current); break;
		default: break;
		}
		if (count > limit) return depth;
	}
	return -1;
}
#endif
