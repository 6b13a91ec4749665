package session

// codexTypes are the record types of Codex's rollout.
var codexTypes = map[string]bool{"session_meta": true, "response_item": true, "event_msg": true, "turn_context": true, "compacted": true}
