export default function Page() {
  return <main>_main</main>;
}
