/** Text extraction from uploaded documents, shared by knowledge ingestion and the workflow DocumentExtraction node. */
export { decodeText } from "./encoding";
export { type DocumentType, documentTypeOf, documentTypes, type Extraction, extractDocument } from "./extract";
