import { redirect } from "next/navigation";
import { connection } from "next/server";
import { Suspense, type ReactNode } from "react";
import { adminPageAccess, type AdminProof } from "@/lib/admin/admin-proof";
import { REFUSALS } from "@/lib/admin/guard";

type AdminContent = (admin: AdminProof) => ReactNode | Promise<ReactNode>;

/**
 * Every admin page renders its content through this: the page's own admin
 * check, besides proxy.ts. It runs on every render of the page, a
 * client-side navigation's included (a layout's would not: layouts are not
 * re-rendered when the router moves between their pages). An admin's
 * content gets the proof the admin reads take (lib/admin/admin-reads.ts);
 * anyone else is sent to /admin-signin, as the proxy does; a session the
 * store cannot check gets the "briefly unavailable" message, never the
 * content. `loading` is shown while the check runs.
 */
export function AdminOnly({ loading, children }: { loading: string; children: AdminContent }) {
  return (
    <Suspense
      fallback={
        <p className="status-text" role="status">
          {loading}
        </p>
      }
    >
      <AdminGate>{children}</AdminGate>
    </Suspense>
  );
}

/**
 * The same check without a boundary of its own, for a page that answers
 * only once its content is read (`instant = false`: the order desk, whose
 * forms must work without JavaScript, which streamed content needs).
 */
export async function AdminGate({ children }: { children: AdminContent }) {
  // Per request: next-auth's session lookup draws random bytes before it reads cookies.
  await connection();
  const access = await adminPageAccess();
  if (access === "not_admin") redirect("/admin-signin");
  if (access === "unavailable") {
    return (
      <p className="status-text" role="alert">
        {REFUSALS.unavailable}
      </p>
    );
  }
  return children(access);
}
