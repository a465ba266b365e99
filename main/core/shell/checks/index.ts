// Dispatches each unwrapped command to the checks for its program.
import type { CheckInput } from './context.js';
import { ASSIGNING, checkAssigning } from './assigning.js';
import { checkAwk } from './awk.js';
import { checkBuildFiles } from './build-files.js';
import { checkDataWrites, DATA_WRITERS } from './data-writes.js';
import { checkDeviceWords } from './devices.js';
import { checkEmptiedFolders } from './emptied-folders.js';
import { checkEditor, VI_EDITORS } from './editors.js';
import { checkFd } from './fd.js';
import { checkFiles } from './files.js';
import { checkFind } from './find.js';
import { checkHandedCommands } from './handed-commands.js';
import { checkGit } from './git.js';
import { checkInterpreter } from './interpreters.js';
import { checkNetwork, NETWORK_TOOLS } from './network.js';
import { checkPager } from './pager.js';
import { checkSed } from './sed.js';
import { checkServiceManager, SERVICE_MANAGERS } from './service-manager.js';
import { checkSystem, SYSTEM_TOOLS } from './system.js';
import { checkTar } from './tar.js';
import { checkTools, TOOLS } from './tools.js';

const BY_NAME = new Map<string, (c: CheckInput) => void>([
  ['git', checkGit],
  ['find', checkFind],
  ['fd', checkFd],
  ['fdfind', checkFd],
  ['sed', checkSed],
  ['gsed', checkSed],
  ['tar', checkTar],
  ['gtar', checkTar],
  ['bsdtar', checkTar],
]);

const AWKS = /^(awk|gawk|mawk|nawk)$/;
const FILE_SYSTEM_MAKERS = /^(mkfs|newfs)/;
const COMMAND_HANDLERS = /^(ssh|tmux|g?make|gdb|lldb)$/;
const BUILD_FILE_READERS = /^(g?make|docker|podman|buildah|nerdctl|npm|pnpm|yarn|bun)$/;

/** Runs every program-specific check that applies to `c.cmd.argv[0]`. */
export function checkProgram(c: CheckInput): void {
  const name = c.cmd.argv[0] ?? '';
  BY_NAME.get(name)?.(c);
  if (AWKS.test(name)) checkAwk(c);
  if (ASSIGNING.has(name)) checkAssigning(c);
  if (DATA_WRITERS.has(name)) checkDataWrites(c, name, c.cmd.argv.slice(1));
  if (VI_EDITORS.test(name) || name === 'emacs' || name === 'emacsclient') checkEditor(c);
  checkFiles(c);
  checkDeviceWords(c);
  checkEmptiedFolders(c);
  if (NETWORK_TOOLS.has(name)) checkNetwork(c);
  if (SYSTEM_TOOLS.has(name) || FILE_SYSTEM_MAKERS.test(name)) checkSystem(c);
  if (SERVICE_MANAGERS.has(name)) checkServiceManager(c);
  if (COMMAND_HANDLERS.test(name)) checkHandedCommands(c);
  if (BUILD_FILE_READERS.test(name)) checkBuildFiles(c);
  if (name === 'less') checkPager(c);
  if (TOOLS.has(name)) checkTools(c);
  checkInterpreter(c);
}
