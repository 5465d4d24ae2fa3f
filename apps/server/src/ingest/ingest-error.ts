import type { FileErrorKind } from '@recon/contract';

/**
 * A file that cannot be loaded as it is: the kind is the spec's file validation error kind, the message says
 * what to fix (with a line or row number where there is one). Nothing of the file is stored.
 */
export class IngestFileError extends Error {
  constructor(
    readonly kind: FileErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'IngestFileError';
  }
}

export const invalidContent = (message: string) => new IngestFileError('Invalid File Content', message);

export const NO_HEADER_MESSAGE = 'The file has no header';
export const NO_ROWS_MESSAGE = 'The file has no rows';
