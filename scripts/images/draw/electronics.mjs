// Electronics illustrations, one module per kind of device. Each function
// gets (ctx, palette) and returns SVG markup in an 800x800 coordinate space,
// product centred around (400, 400).
import * as audio from "./electronics/audio.mjs";
import * as cameras from "./electronics/cameras.mjs";
import * as inputDevices from "./electronics/input-devices.mjs";
import * as screens from "./electronics/screens.mjs";

const electronics = { ...audio, ...cameras, ...inputDevices, ...screens };

export default electronics;
