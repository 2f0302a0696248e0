# Writes Sources/ShopTalkWording/MessageKey.swift from Grammar/en/en.messages:
# one case per key, in file order. Run from the top of the repository.
import re
keys=[]
for line in open('Grammar/en/en.messages'):
    m=re.match(r'^([A-Za-z0-9._-]+) = ',line)
    if m: keys.append(m.group(1))
def camel(k):
    parts=re.split(r'[._-]',k)
    return parts[0]+''.join(p[:1].upper()+p[1:] for p in parts[1:])
out=['/// Every message ShopTalk can say, by its key in the message files',
     '/// (`Grammar/<code>/<code>.messages`). Every language has a template for',
     '/// each, with the same placeholders; the tests hold the files and this list',
     '/// to each other, both ways.','public enum MessageKey: String, Hashable, Sendable, CaseIterable {']
for k in keys: out.append(f'    case {camel(k)} = "{k}"')
out.append('')
out.append('    /// Its place in `allCases`: a catalogue keeps its templates in an array')
out.append('    /// by it, found without hashing the key on every reply.')
out.append('    public var ordinal: Int {')
out.append('        switch self {')
for i,k in enumerate(keys): out.append(f'        case .{camel(k)}: {i}')
out.append('        }')
out.append('    }')
out.append('}')
open('Sources/ShopTalkWording/MessageKey.swift','w').write('\n'.join(out)+'\n')
print(len(keys))
