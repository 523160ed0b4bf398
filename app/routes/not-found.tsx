import { FileQuestion } from "lucide-react";
import { data, Link } from "react-router";
import { buttonClass } from "../components/ui/button";
import { pageTitle } from "../lib/meta";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "页面不存在");

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundPage() {
  return (
    <main className="flex min-h-screen items-center justify-center p-8">
      <div className="flex flex-col items-center gap-3 text-center">
        <FileQuestion className="size-12 text-gray-300" aria-hidden strokeWidth={1.5} />
        <h1 className="font-semibold text-xl">页面不存在</h1>
        <p className="text-gray-600">你访问的页面不存在，可能已被删除或地址有误。</p>
        <Link to="/" className={buttonClass("primary", "md", "mt-2")}>
          返回首页
        </Link>
      </div>
    </main>
  );
}
