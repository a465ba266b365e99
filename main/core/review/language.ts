// Monaco language ids by file name, so the review diff is highlighted.
import { basename, extname } from 'node:path';

const BY_EXTENSION: Record<string, string> = {
  '.ts': 'typescript', '.tsx': 'typescript', '.mts': 'typescript', '.cts': 'typescript',
  '.js': 'javascript', '.jsx': 'javascript', '.mjs': 'javascript', '.cjs': 'javascript',
  '.json': 'json', '.jsonc': 'json', '.ipynb': 'json',
  '.md': 'markdown', '.markdown': 'markdown',
  '.py': 'python', '.pyi': 'python',
  '.sh': 'shell', '.bash': 'shell', '.zsh': 'shell',
  '.css': 'css', '.scss': 'scss', '.less': 'less',
  '.html': 'html', '.htm': 'html', '.xml': 'xml', '.svg': 'xml',
  '.yml': 'yaml', '.yaml': 'yaml', '.toml': 'ini', '.ini': 'ini', '.cfg': 'ini',
  '.go': 'go', '.rs': 'rust', '.java': 'java', '.kt': 'kotlin', '.kts': 'kotlin',
  '.c': 'c', '.h': 'c', '.cc': 'cpp', '.cpp': 'cpp', '.hpp': 'cpp', '.cs': 'csharp',
  '.rb': 'ruby', '.php': 'php', '.swift': 'swift', '.sql': 'sql', '.lua': 'lua', '.r': 'r',
  '.dockerfile': 'dockerfile', '.ps1': 'powershell', '.bat': 'bat', '.graphql': 'graphql', '.vue': 'html',
};

const BY_NAME: Record<string, string> = {
  Dockerfile: 'dockerfile', Makefile: 'makefile', '.bashrc': 'shell', '.zshrc': 'shell', '.profile': 'shell',
};

/** The Monaco language id for a path ('plaintext' when unknown). */
export function languageFor(path: string): string {
  const name = basename(path);
  return BY_NAME[name] ?? BY_EXTENSION[extname(name).toLowerCase()] ?? 'plaintext';
}
