import type { FileErrorKind, FileKind } from '@recon/contract';
import { hasExtensionOfKind, wrongExtensionMessage } from '@recon/contract';
import type { Db } from '@recon/db';
import { loadedTwin } from './ingest.queries.ts';

/** A stored file as far as the precheck needs it: its record, name and content hash. */
export type PrecheckedFile = {
  id: number;
  name: string;
  sha256: string;
  /** Set when the upload's size limit cut the file short: that limit, in bytes. Only an upload can be cut. */
  truncatedAtBytes?: number;
};
export type PrecheckTarget = { pipelineId: number; fileKind: FileKind };
export type Precheck = { ok: true } | { ok: false; kind: FileErrorKind; problem: string };

const refuse = (kind: FileErrorKind, problem: string): Precheck => ({ ok: false, kind, problem });

/**
 * The checks a file meets without being read, in this order: cut short by the upload limit, an extension the
 * config's file kind does not take (the config, never the extension, says how a file is read), the same content
 * or else the same name already loaded in this pipeline. Run when the file is uploaded and again when a job loads
 * it (a twin may have loaded in between); what needs the file's content (header, rows, encoding) is checked
 * while the loader streams it.
 */
export async function precheckFile(db: Db, file: PrecheckedFile, target: PrecheckTarget): Promise<Precheck> {
  if (file.truncatedAtBytes !== undefined) {
    return refuse('Invalid File Content', `The file is larger than the upload limit of ${file.truncatedAtBytes} bytes`);
  }
  if (!hasExtensionOfKind(file.name, target.fileKind)) {
    return refuse('Invalid File Extension', wrongExtensionMessage(target.fileKind));
  }
  const twin = await loadedTwin(db, {
    id: file.id,
    pipelineId: target.pipelineId,
    sha256: file.sha256,
    name: file.name,
  });
  if (!twin) return { ok: true };
  return twin.same_content
    ? refuse('Duplicate Records File', `The same content was already loaded as file ${twin.id}`)
    : refuse('Duplicate File Name', `A file named "${file.name}" was already loaded (file ${twin.id})`);
}
