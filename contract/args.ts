import { dataTypes } from "./enums";
import { shortText, z } from "./zod";

export const dataTypeSchema = z.enum(dataTypes, { error: "不是支持的数据类型" });
export type DataType = z.infer<typeof dataTypeSchema>;

/** The universal argument descriptor (BindConfigWithSub) of plugins, workflows, tables and cards. */
export type Arg = {
  key?: string;
  name: string;
  displayName?: string;
  description?: string;
  dataType: DataType;
  require?: boolean;
  enable?: boolean;
  systemVariable?: boolean;
  bindValueType?: "Input" | "Reference";
  bindValue?: unknown;
  inputType?: string;
  subArgs?: Arg[];
};
export const argSchema: z.ZodType<Arg> = z.lazy(() =>
  z.object({
    key: shortText(64).optional(),
    name: z.string().trim().min(1, "不能为空").max(64, "最多 64 个字符"),
    displayName: shortText(64).optional(),
    description: shortText(500).optional(),
    dataType: dataTypeSchema,
    require: z.boolean().optional(),
    enable: z.boolean().optional(),
    systemVariable: z.boolean().optional(),
    bindValueType: z.enum(["Input", "Reference"]).optional(),
    bindValue: z.unknown().optional(),
    inputType: shortText(32).optional(),
    subArgs: z.array(argSchema).max(100).optional(),
  }),
);
