// Shared by the size benchmarks: what each package contributes to one esbuild output.

/**
 * Bytes in the (first) output of an esbuild metafile per input package: the node_modules package
 * name, or this library's dist file. Largest first.
 */
export function bytesByPackage(metafile) {
  const inputs = Object.values(metafile.outputs)[0].inputs;
  const sizes = new Map();
  for (const [path, { bytesInOutput }] of Object.entries(inputs)) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
    const key = match ? match[1] : path.replace(/^.*dist\//, "sign-in-with-xrpl dist/");
    sizes.set(key, (sizes.get(key) ?? 0) + bytesInOutput);
  }
  return [...sizes].sort((a, b) => b[1] - a[1]);
}
