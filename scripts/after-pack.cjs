// electron-builder `afterPack` hook: flips Electron's fuses in the packed binary before it is signed
// (STYLE.md §11, as Signal Desktop does). The agent runs as the same user: without these, anyone could run the
// shipped binary as plain Node (ELECTRON_RUN_AS_NODE), inject code with NODE_OPTIONS or --inspect, or swap
// the app's code next to the asar — and so answer its own approval requests.
'use strict';
const path = require('node:path');

/** The fuse settings Gatehouse ships with (keys are FuseV1Options names). */
const FUSES = {
  RunAsNode: false,
  EnableNodeOptionsEnvironmentVariable: false,
  EnableNodeCliInspectArguments: false,
  OnlyLoadAppFromAsar: true,
  EnableEmbeddedAsarIntegrityValidation: true,
  EnableCookieEncryption: true,
  // The renderer is served from app://, so file:// needs no extra privileges.
  GrantFileProtocolExtraPrivileges: false,
};

/** Path of the Electron executable electron-builder just packed, per platform. */
function electronBinaryFor(context) {
  const { appOutDir, electronPlatformName, packager } = context;
  const name = packager.appInfo.productFilename;
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas') return path.join(appOutDir, `${name}.app`);
  if (electronPlatformName === 'win32') return path.join(appOutDir, `${name}.exe`);
  return path.join(appOutDir, packager.executableName);
}

/** The afterPack hook. */
async function afterPack(context) {
  // @electron/fuses 2 is an ES module.
  const { flipFuses, FuseVersion, FuseV1Options } = await import('@electron/fuses');
  const config = { version: FuseVersion.V1, strictlyRequireAllFuses: false };
  for (const [name, value] of Object.entries(FUSES)) {
    if (!(name in FuseV1Options)) throw new Error(`after-pack: @electron/fuses has no fuse named ${name}`);
    config[FuseV1Options[name]] = value;
  }
  // Arm64 macOS refuses a binary whose ad-hoc signature no longer matches; real signing happens after this hook.
  config.resetAdHocDarwinSignature = context.electronPlatformName === 'darwin' && context.arch === 3; // builder-util Arch.arm64
  await flipFuses(electronBinaryFor(context), config);
}

module.exports = afterPack;
module.exports.default = afterPack;
module.exports.FUSES = FUSES;
module.exports.electronBinaryFor = electronBinaryFor;
