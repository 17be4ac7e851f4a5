// Reads what an executable file is, from its headers: ELF or PE, 64-bit, for which processor,
// (PE) console or windowed, and whether Node's single-executable blob was injected (postject
// flips the fuse from :0 to :1). The arm64 and Windows executables cannot run here: this is
// how their build is checked.
import { readFileSync } from 'node:fs';

export const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

export interface ExecutableFormat {
  container: 'ELF' | 'PE' | 'unknown';
  /** ELFCLASS64, or PE32+ (optional header magic 0x20b). */
  is64Bit: boolean;
  machine: 'x86-64' | 'aarch64' | 'other';
  /** PE only: 3 is a console program (Ctrl+C and its window work), 2 a windowed one. */
  windowsSubsystem?: 'console' | 'windows' | 'other';
  seaBlobInjected: boolean;
}

const ELF_MACHINES: Record<number, ExecutableFormat['machine']> = { 62: 'x86-64', 183: 'aarch64' };
const PE_MACHINES: Record<number, ExecutableFormat['machine']> = { 0x8664: 'x86-64', 0xaa64: 'aarch64' };

export function readExecutableFormat(file: string): ExecutableFormat {
  const bytes = readFileSync(file);
  const seaBlobInjected = bytes.includes(`${SEA_FUSE}:1`);
  if (bytes.subarray(0, 4).equals(Buffer.from([0x7f, 0x45, 0x4c, 0x46]))) {
    const littleEndian = bytes[5] === 1;
    const machine = littleEndian ? bytes.readUInt16LE(18) : bytes.readUInt16BE(18);
    return { container: 'ELF', is64Bit: bytes[4] === 2, machine: ELF_MACHINES[machine] ?? 'other', seaBlobInjected };
  }
  if (bytes.subarray(0, 2).toString('latin1') === 'MZ') {
    const pe = bytes.readUInt32LE(0x3c);
    if (bytes.subarray(pe, pe + 4).equals(Buffer.from('PE\0\0', 'latin1'))) {
      const machine = bytes.readUInt16LE(pe + 4);
      const optionalHeader = pe + 24;
      const subsystem = bytes.readUInt16LE(optionalHeader + 68);
      return {
        container: 'PE',
        is64Bit: bytes.readUInt16LE(optionalHeader) === 0x20b,
        machine: PE_MACHINES[machine] ?? 'other',
        windowsSubsystem: subsystem === 3 ? 'console' : subsystem === 2 ? 'windows' : 'other',
        seaBlobInjected,
      };
    }
  }
  return { container: 'unknown', is64Bit: false, machine: 'other', seaBlobInjected };
}
