/**
 * Where the command-line programs (tools/cli-program.ts, tools/soak-program.ts) write and which
 * folder they read relative paths from. The bin entries hand them the process's own streams and
 * working directory; tests run them in-process and collect what they print, without touching
 * the test process's console, exit code or working directory.
 */

/** The streams a program writes to: the text as written, line ends included. */
export interface CliIo {
  stdout(text: string): void
  stderr(text: string): void
}

/** The process's own streams, for the bin entries. */
export const processIo: CliIo = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
}

/**
 * Lets a bin entry end quietly when the program reading its output goes away (`… | head -1`):
 * the write fails with EPIPE, which Node reports as an unhandled error with a stack trace.
 * Nobody reads the rest, so the program ends there, with the exit code set so far (0 if none).
 */
export function endQuietlyOnClosedPipe(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error
      process.exit(process.exitCode ?? 0)
    })
  }
}

/** What a command prints with, line by line, and the folder its relative paths start from. */
export interface CommandIo {
  /** A line to standard output. */
  log(line: string): void
  /** A line to standard error. */
  error(line: string): void
  /** An absolute folder: relative paths on the command line and in messages are relative to it. */
  cwd: string
}

export function commandIo(io: CliIo, cwd: string): CommandIo {
  return {
    log: (line) => io.stdout(`${line}\n`),
    error: (line) => io.stderr(`${line}\n`),
    cwd,
  }
}

/**
 * Runs `print` with cac's help and version output (written with console.info, which cac offers
 * no way to redirect) sent to `io` instead. `print` must not await: the console is only
 * borrowed for the synchronous call.
 */
export function withCacOutput<T>(io: CommandIo, print: () => T): T {
  const info = console.info
  console.info = (text: unknown) => io.log(String(text))
  try {
    return print()
  } finally {
    console.info = info
  }
}
