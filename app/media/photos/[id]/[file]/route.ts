import { photoResponse } from "@/lib/media/photo-response";

/** One width of an uploaded photo, from the media store (lib/media/photo-response.ts). */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string; file: string }> }) {
  const { id, file } = await params;
  return photoResponse(id, file);
}
