/**
 * A family whose code is loaded on its first call: `load` imports the module that builds it (`import('./x.js')`,
 * exporting `build`), `methods` names what its members are. The first call of any member loads and builds the
 * family once (a failed load is tried again on the next call); every call then goes to the built member.
 */
export function lazyFamily(load, methods) {
  return (context) => {
    let built;
    const family = () =>
      (built ??= load()
        .then((module) => module.build(context))
        .catch((error) => {
          built = undefined;
          throw error;
        }));
    return stubs(methods, family, []);
  };
}
function stubs(tree, family, path) {
  const out = {};
  for (const [name, node] of Object.entries(tree)) {
    const at = [...path, name];
    out[name] =
      node === true ? (...args) => family().then((members) => call(members, at, args)) : stubs(node, family, at);
  }
  return out;
}
/** Calls the member at `path` as its namespace's method, the way the caller would have called it. */
function call(members, path, args) {
  let owner = members;
  for (const name of path.slice(0, -1)) owner = owner[name];
  return owner[path[path.length - 1]].apply(owner, [...args]);
}
