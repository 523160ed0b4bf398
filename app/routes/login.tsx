export default function Page() {
  return <main>login</main>;
}
