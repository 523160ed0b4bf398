import { Hono } from "hono";
import {
  addDocumentInput,
  addKnowledgeInput,
  addQaInput,
  customAddDocumentInput,
  deleteQaInput,
  docStatusInput,
  documentListInput,
  knowledgeListInput,
  knowledgeSearchInput,
  qaListInput,
  renameDocumentInput,
  segmentListInput,
  updateKnowledgeInput,
  updateQaInput,
} from "#contract/api/knowledge";
import { id, z } from "#contract/zod";
import type { ApiEnv } from "#server/api/context";
import { idParam, ok, parseWith, readBody, readQuery, requireActor } from "#server/api/http";
import type { Deps } from "#server/core";
import { badField } from "#server/core";
import * as docs from "./document-service";
import { generateQa } from "./qa-generate";
import * as qa from "./qa-service";
import { searchTest } from "./search-service";
import * as service from "./service";

const byId = z.object({ id: id() });
const byDataId = z.object({ dataId: id() });
const EXCEL_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** /api/knowledge/*: knowledge bases, their documents, segments and QA pairs (reference §1.14). */
export function knowledgeRoutes(deps: Deps) {
  return new Hono<ApiEnv>()
    .post("/config/add", async (c) =>
      ok(c, await service.addKnowledge(deps, requireActor(c), await readBody(c, addKnowledgeInput))),
    )
    .post("/config/update", async (c) => {
      await service.updateKnowledge(deps, requireActor(c), await readBody(c, updateKnowledgeInput));
      return ok(c, null);
    })
    .get("/config/detailById", async (c) => {
      const actor = requireActor(c);
      return ok(c, await service.getKnowledge(deps, actor, readQuery(c, byId).id));
    })
    .get("/config/deleteById", async (c) => {
      const actor = requireActor(c);
      await service.deleteKnowledge(deps, actor, readQuery(c, byId).id);
      return ok(c, null);
    })
    .post("/config/list", async (c) =>
      ok(c, await service.listKnowledge(deps, requireActor(c), await readBody(c, knowledgeListInput))),
    )
    .post("/document/list", async (c) =>
      ok(c, await docs.listDocuments(deps, requireActor(c), await readBody(c, documentListInput))),
    )
    .post("/document/add", async (c) => {
      await docs.addDocuments(deps, requireActor(c), await readBody(c, addDocumentInput));
      return ok(c, null);
    })
    .post("/document/customAdd", async (c) => {
      await docs.addPastedDocument(deps, requireActor(c), await readBody(c, customAddDocumentInput));
      return ok(c, null);
    })
    .post("/document/updateDocName", async (c) => {
      const actor = requireActor(c);
      const input = await readBody(c, renameDocumentInput);
      await docs.renameDocument(deps, actor, input.docId, input.name);
      return ok(c, null);
    })
    .get("/document/detailById", async (c) => {
      const actor = requireActor(c);
      return ok(c, await docs.getDocument(deps, actor, readQuery(c, byDataId).dataId));
    })
    .get("/document/deleteById", async (c) => {
      const actor = requireActor(c);
      await docs.deleteDocument(deps, actor, readQuery(c, byId).id);
      return ok(c, null);
    })
    .get("/document/doc/autoRetryTaskByDocId/:docId", async (c) => {
      const actor = requireActor(c);
      await docs.retryDocument(deps, actor, idParam(c, "docId"));
      return ok(c, null);
    })
    .post("/document/queryDocStatus", async (c) => {
      const actor = requireActor(c);
      return ok(c, await docs.documentStatuses(deps, actor, (await readBody(c, docStatusInput)).docIds));
    })
    .post("/document/generateQA/:docId", async (c) => {
      const actor = requireActor(c);
      await generateQa(deps, actor, idParam(c, "docId"));
      return ok(c, null);
    })
    .post("/rawSegment/list", async (c) =>
      ok(c, await docs.listSegments(deps, requireActor(c), await readBody(c, segmentListInput))),
    )
    .get("/rawSegment/detailById", async (c) => {
      const actor = requireActor(c);
      return ok(c, await docs.getSegment(deps, actor, readQuery(c, byDataId).dataId));
    })
    .post("/qa/list", async (c) => ok(c, await qa.listQa(deps, requireActor(c), await readBody(c, qaListInput))))
    .post("/qa/add", async (c) => {
      const actor = requireActor(c);
      const input = await readBody(c, addQaInput);
      return ok(c, await qa.addQa(deps, actor, input.kbId, input.question, input.answer));
    })
    .post("/qa/update", async (c) => {
      const actor = requireActor(c);
      const input = await readBody(c, updateQaInput);
      await qa.updateQa(deps, actor, input.id, input.question, input.answer);
      return ok(c, null);
    })
    .post("/qa/deleteById", async (c) => {
      const actor = requireActor(c);
      await qa.deleteQa(deps, actor, (await readBody(c, deleteQaInput)).id);
      return ok(c, null);
    })
    .get("/qa/downloadExcelTemplate", async (c) => {
      requireActor(c);
      return new Response(new Blob([Buffer.from(await qa.qaTemplate())]), {
        headers: {
          "Content-Type": EXCEL_MIME,
          "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent("问答导入模板.xlsx")}`,
        },
      });
    })
    .post("/qa/importExcel", async (c) => {
      const actor = requireActor(c);
      const form = await c.req.parseBody().catch(() => {
        throw badField("file", "请以 multipart/form-data 上传 Excel 文件");
      });
      const { kbId } = parseWith(z.object({ kbId: id() }), { kbId: form.kbId });
      const file = form.file;
      if (!(file instanceof File)) throw badField("file", "不能为空");
      return ok(c, await qa.importQa(deps, actor, kbId, new Uint8Array(await file.arrayBuffer())));
    })
    .post("/qa/search", async (c) =>
      ok(c, await searchTest(deps, requireActor(c), await readBody(c, knowledgeSearchInput))),
    );
}
