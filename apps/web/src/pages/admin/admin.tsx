// Placeholder: replaced by the issue that owns this page.
export default function Page() {
  return (
    <div className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-semibold">Admin</h1>
    </div>
  );
}
