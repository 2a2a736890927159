// The runtime descriptor of a table or view: what the query builder needs to know about an object. Each
// generated row module exports one, built by `defineObject`.
/** `Object.hasOwn`, which needs ES2022's lib: the runtime compiles down to ES2020. */
export function hasOwn(object, key) {
  return Object.prototype.hasOwnProperty.call(object, key);
}
/** `defineObject<Row>()(descriptor)`: the row type is given, the descriptor's literal types are inferred. */
export function defineObject() {
  return (descriptor) => Object.freeze({ ...descriptor, columns: Object.freeze(descriptor.columns) });
}
