/**
 * Common passwords of 8 characters or more (the only ones our minimum length lets through), lower case,
 * from the SecLists "10-million-password-list-top-1000" and "10k-most-common" lists, plus patterns common
 * among Chinese users. Checked case-insensitively by contract/password.ts.
 */
export const commonPasswords: readonly string[] = `
password 12345678 123456789 qwertyuiop 1234567890 1qaz2wsx 11111111 88888888 1234qwer q1w2e3r4t5 baseball
football superman trustno1 starwars jennifer michelle sunshine iloveyou computer princess 987654321 corvette
123123123 qwer1234 cocacola q1w2e3r4 bigdaddy midnight victoria 1q2w3e4r marlboro asdfasdf 87654321 12344321
jordan23 danielle liverpoo scorpion qazwsxedc password1 qwerty123 slipknot 12341234 startrek asdfghjkl
redskins qwertyui liverpool dolphins nicholas secret123 mountain xxxxxxxx 1q2w3e4r5t 123456789a 1234554321
metallic rush2112 asdfghjk 4815162342 passw0rd 1qazxsw2 69696969 01012011 11223344 lifehack brooklyn platinum
darkness blink182 789456123 12qwaszx snowball pakistan redwings williams nintendo november minecraft asdf1234
lasvegas babygirl 12121212 147258369 explorer snickers metallica alexande paradise michigan carolina lacrosse
christin kimberly kristina 0987654321 poohbear bollocks 12345qwert qweasdzxc drowssap caroline einstein
1232323q champion svetlana westside patricia aaaaaaaa stargate simpsons scarface cherokee veronica semperfi
scotland marshall 98765432 softball passport franklin alexander 55555555 zaq12wsx infinity kawasaki 77777777
vladimir freeuser wildcats budlight brittany 00000000 bulldogs swordfis patriots pearljam colorado ncc1701d
motorola logitech juventus wolverin warcraft hello123 peekaboo 123654789 panthers elizabet spiderma virginia
valentin predator mitchell 741852963 1111111111 rolltide changeme lovelove fktrcfylh loverboy michael1
147852369 american alexandr 123456789q spiderman 01011980 freepass whatever guinness maryjane christine
penguins wolfpack 123qweasd woaini1314 5201314520 1314520520 woaini520 iloveyou1 qq123456 a123456789
abc123456 aa123456 zxcvbnm123 qwe123456 asd123456 password123 admin123 admin888 admin1234 administrator
root1234 welcome1 welcome123 test1234 testtest letmein1 qwerty12 qwerty1234 1qaz2wsx3edc zxcvbnm1 asdfghjkl1
123456abc 123456aa 12345678a 1234567a abcd1234 abcdefgh 1234abcd a1b2c3d4 11112222 12345678910 147258369a
159357456 19491001 20082008 20102010 20202020 66666666 99999999 22222222 33333333 44444444 123123123a
1234567890a 00001111 aaaa1111 1a2b3c4d 7758521a 7758258a 5211314a basketball beautiful chocolate elizabeth
intercourse fernando babylon5 hellyeah newpass6 sebastia hurrican butterfl charlott stardust margaret
1passwor bluemoon hannibal frontier turkey50 megadeth deepthroat 8j4ye3uz thunder1 scoobydo heather1 zzzzzzzz
anthony1 dodgeram qqqqqqqq asshole1 ilovesex monopoly webmaster fuckyou1 richard1 guardian candyman munchkin
billyboy rootbeer assassin frederic giovanni scarlett achilles warriors plymouth sithlord chevrole lorraine
cosworth eternity verbatim pineappl rosemary valhalla santiago portugal swordfish ncc1701a spartans threesom
formula1 scooter1 angelica raiders1 sapphire excalibu golfball catherin macdaddy cowboys1 dannyboy martinez
aquarius pppppppp doughboy qazwsxed gggggggg crazybab gateway1 technics brucelee woofwoof diamond1 davidson
bigmoney ssssssss tttttttt jjjjjjjj mmmmmmmm bbbbbbbb wolverine blueblue yosemite tommyboy manchest happyday
kingston homemade webmaste blackhaw meatloaf jamesbon amsterda luckydog brandon1 software thirteen pa55word
sneakers redalert lockerroom absolutely passwords laptop12 jeremiah alliance saratoga starfish penetration
microsof robotech universe spectrum keystone handsome clemson1 supersta commando sinclair meathead gandalf1
firefox1 magnolia lighter1 melissa1 marcius2 rangers1 motherlode passion1 thompson anything penelope lightnin
titleist werewolf thankyou celeste1 kittycat frogger1 lonestar beefcake personal punkrock lowrider crusader
syracuse meridian kenwood1 keyboard blackman richmond sandiego cooldude mariners caliente fletcher porsche9
kangaroo freckles nebraska blueeyes hershey1 peterpan southern blackjac sentinel snowflake mandingo cassidy1
imagine1 asterix1 cameltoe fuckfuck backdoor
`
  .split(/\s+/)
  .filter(Boolean);
