import { decode, encode } from "ripple-binary-codec";
const b = process.argv[2];
const d = decode(b); console.log(JSON.stringify(d, null, 0).slice(0, 3000));
